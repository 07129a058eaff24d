import { FormattedMessage } from 'react-intl';
import { createMount } from '@deck/shared/mount/create-mount';

export interface ReferralPanelProps {
  documentOid?: string | null;
}

function ReferralPanelApp(props: ReferralPanelProps) {
  return (
    <div data-testid="referral-panel">
      <FormattedMessage id="referral-panel.first" defaultMessage="referral-panel {oid}" values={{ oid: props.documentOid ?? '' }} />
    </div>
  );
}

export const mount = createMount<ReferralPanelProps>('referral-panel', ReferralPanelApp);
export default mount;
