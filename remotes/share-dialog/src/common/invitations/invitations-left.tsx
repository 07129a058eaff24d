import { useIntl } from 'react-intl';
import { Caption } from '@deck/shared/ui/text/text';
import { useGetInvitationsRemainingQuery } from './invitations-remaining-api';
import { invitationMessages as m } from './messages';
import { parseAddressList } from './parse-address-list';

export interface InvitationsLeftProps {
  /** Addresses already turned into chips. */
  chips: number;
  /** What is still in the field (it is sent too by Add). */
  typed: string;
  /** Off for a user who may not add anyone: then the count is not asked for. */
  enabled?: boolean;
}

/**
 * 'You can invite 3 more people this hour.' when the addresses waiting to be sent are more than the
 * invitation limit has left (said before Add), or when none are left (e.g. after an Add that used the last ones).
 * Quiet otherwise. The count comes from the server and follows each add's answer.
 */
export function InvitationsLeft({ chips, typed, enabled = true }: InvitationsLeftProps) {
  const intl = useIntl();
  const { data } = useGetInvitationsRemainingQuery(undefined, { skip: !enabled });
  if (!enabled || !data) return null;
  const waiting = chips + (typed.trim() === '' ? 0 : Math.max(1, parseAddressList(typed).addresses.length));
  if (data.remaining > 0 && waiting <= data.remaining) return null;
  return <Caption role="status">{intl.formatMessage(m.invitationsLeft, { count: data.remaining })}</Caption>;
}
