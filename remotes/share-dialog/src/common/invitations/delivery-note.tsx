import { useIntl, type MessageDescriptor } from 'react-intl';
import type { InvitationDeliveryState } from '@deck/shared/api/contract';
import { invitationMessages as m } from './messages';

/** How the invitation e-mail of a pending invite is doing. */
const DELIVERY: Record<InvitationDeliveryState, MessageDescriptor> = {
  queued: m.deliveryQueued,
  sent: m.deliverySent,
  retrying: m.deliveryRetrying,
  failed: m.deliveryFailed,
};

/** ' · E-mail sent' after a pending invitee's address; nothing when no e-mail was sent. */
export function DeliveryNote({ state }: { state: InvitationDeliveryState | null | undefined }) {
  const intl = useIntl();
  if (!state) return null;
  return <span data-delivery={state}>{` · ${intl.formatMessage(DELIVERY[state])}`}</span>;
}
