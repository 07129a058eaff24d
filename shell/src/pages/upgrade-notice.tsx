import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { CardPaymentsError, loadCardPayments, type CardPaymentsErrorCode } from '@deck/shared/payments/card-payments';

export interface UpgradeRequest {
  paywallKey?: string;
  plan?: string;
}

const Notice = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

type Payment = { state: 'idle' } | { state: 'paying' } | { state: 'paid' } | { state: 'failed'; code: CardPaymentsErrorCode };

function PaymentStatus({ payment, plan }: { payment: Payment; plan: string }) {
  switch (payment.state) {
    case 'paying':
      return <FormattedMessage id="shell.upgrade.paying" defaultMessage="Contacting the card payment service…" />;
    case 'paid':
      return (
        <FormattedMessage
          id="shell.upgrade.paid"
          defaultMessage="Payment confirmed{plan, select, undefined {} other { for the {plan} plan}}. The demo’s payment provider charges nothing."
          values={{ plan }}
        />
      );
    case 'failed':
      return payment.code === 'failed_to_load' ? (
        <FormattedMessage id="shell.upgrade.failedToLoad" defaultMessage="The card payment service could not be loaded. Please try again later." />
      ) : (
        <FormattedMessage id="shell.upgrade.notAvailable" defaultMessage="Card payments are not available right now." />
      );
    default:
      return null;
  }
}

/**
 * The host's answer to a remote's upgrade request: says which plan and paywall were asked for and takes
 * a card payment through the configured provider's script (the demo's is a fake that charges nothing).
 */
export function UpgradeNotice({ request, onDismiss }: { request: UpgradeRequest; onDismiss: () => void }) {
  const [payment, setPayment] = useState<Payment>({ state: 'idle' });
  const plan = request.plan ?? 'undefined';

  const pay = async () => {
    setPayment({ state: 'paying' });
    try {
      const payments = await loadCardPayments();
      const result = await payments.confirmPayment({ plan: request.plan ?? 'standard', paywallKey: request.paywallKey });
      setPayment(result.status === 'succeeded' ? { state: 'paid' } : { state: 'idle' });
    } catch (error) {
      setPayment({ state: 'failed', code: error instanceof CardPaymentsError ? error.code : 'not_available' });
    }
  };

  return (
    <Notice role="status">
      <span>
        <FormattedMessage
          id="shell.upgrade.requested"
          defaultMessage="Upgrade requested{plan, select, undefined {} other { ({plan} plan)}}{key, select, undefined {} other {, paywall {key}}}."
          values={{ plan, key: request.paywallKey ?? 'undefined' }}
        />{' '}
        <PaymentStatus payment={payment} plan={plan} />
      </span>
      <Actions>
        {payment.state === 'idle' || payment.state === 'failed' ? (
          <Button onClick={() => void pay()}>
            {payment.state === 'failed' ? (
              <FormattedMessage id="shell.upgrade.retryPayment" defaultMessage="Try again" />
            ) : (
              <FormattedMessage id="shell.upgrade.pay" defaultMessage="Pay by card" />
            )}
          </Button>
        ) : null}
        <Button $variant="ghost" onClick={onDismiss}>
          <FormattedMessage id="shell.upgrade.dismiss" defaultMessage="Dismiss" />
        </Button>
      </Actions>
    </Notice>
  );
}
