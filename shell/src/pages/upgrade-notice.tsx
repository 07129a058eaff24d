import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';

export interface UpgradeRequest {
  paywallKey?: string;
  plan?: string;
}

const Notice = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The host's answer to a remote's upgrade request. Purchasing belongs to the product around
 * this bundle, so the demo host says which plan and paywall were asked for.
 */
export function UpgradeNotice({ request, onDismiss }: { request: UpgradeRequest; onDismiss: () => void }) {
  return (
    <Notice role="status">
      <span>
        <FormattedMessage
          id="shell.upgrade.requested"
          defaultMessage="Upgrade requested{plan, select, undefined {} other { ({plan} plan)}}{key, select, undefined {} other {, paywall {key}}}."
          values={{ plan: request.plan ?? 'undefined', key: request.paywallKey ?? 'undefined' }}
        />
      </span>
      <Button $variant="ghost" onClick={onDismiss}>
        <FormattedMessage id="shell.upgrade.dismiss" defaultMessage="Dismiss" />
      </Button>
    </Notice>
  );
}
