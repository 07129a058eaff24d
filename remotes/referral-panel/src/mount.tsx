import { createMount, type Mount } from '@deck/shared/mount/create-mount';
import { expect, propValidator } from '@deck/shared/mount/validate-props';
import { ReferralPanelApp } from './referral-panel-app';
import type { ReferralPanelProps, ReferralSource } from './public-types';

export type { ReferralPanelProps };

// A Record, so the compiler insists on every source the published type lists.
const SOURCES: Record<ReferralSource, true> = { COLAB_DASHBOARD: true, COLAB_EDITOR: true };

export const validateReferralPanelProps = propValidator('referral-panel', [expect.oneOf('source', Object.keys(SOURCES))]);

export const mount: Mount<ReferralPanelProps> = createMount<ReferralPanelProps>('referral-panel', ReferralPanelApp, { validate: validateReferralPanelProps });
export default mount;
