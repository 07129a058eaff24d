import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { useGetReferralQuery } from '@deck/shared/domains/referral/referral-api';
import type { ReferralData } from '@deck/shared/api/contract';

/**
 * The signed-in user's referral data (spec §2: the view-link copy area requests it). Invitations
 * sent from the dialog carry its e-mail token, so an invitee who signs up credits both sides. A failed
 * or missing referral changes nothing else in the dialog.
 */
export function useReferral(active: boolean): ReferralData | undefined {
  const session = useGetSessionQuery(undefined, { skip: !active });
  const userOid = session.data?.user?.userOid;
  const referral = useGetReferralQuery({ userOid }, { skip: !active || !userOid });
  return referral.isError ? undefined : referral.data;
}
