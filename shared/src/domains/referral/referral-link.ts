import type { ReferralData } from '@deck/shared/api/contract';

export const REFERRAL_TOKEN_PARAM = 'referral_token';

/**
 * The invitation link a user copies: the campaign's landing page carrying the user's link ('ln')
 * token as referral_token, so the invitee's sign-up credits both sides.
 */
export function referralInvitationLink(data: Pick<ReferralData, 'invitation_link' | 'tokens'>, origin = globalThis.location?.origin ?? 'http://localhost'): string {
  const link = new URL(data.invitation_link || '/', origin);
  link.searchParams.set(REFERRAL_TOKEN_PARAM, data.tokens.ln);
  return link.toString();
}
