import { createMount } from '@deck/shared/mount/create-mount';
import { ReferralPanelApp, type ReferralPanelProps } from './referral-panel-app';

export type { ReferralPanelProps };

export const mount = createMount<ReferralPanelProps>('referral-panel', ReferralPanelApp);
export default mount;
