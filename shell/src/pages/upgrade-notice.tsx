import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
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
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
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
  const notice = useRef<HTMLDivElement>(null);
  // Where focus was before it came into the notice: Dismiss gives it back there (WCAG 2.4.3).
  const cameFrom = useRef<HTMLElement | null>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  // Pay by card goes away while the payment runs and once it is done: the focus it had stays in the notice.
  useLayoutEffect(() => {
    if (document.activeElement === document.body && cameFrom.current) notice.current?.focus();
  }, [payment.state]);
  const dismiss = () => {
    const back = cameFrom.current;
    onDismiss();
    if (back?.isConnected) back.focus();
  };

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
    <Notice role="status" ref={notice} tabIndex={-1} onFocus={onFocus}>
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
        <Button $variant="ghost" onClick={dismiss}>
          <FormattedMessage id="shell.upgrade.dismiss" defaultMessage="Dismiss" />
        </Button>
      </Actions>
    </Notice>
  );
}
