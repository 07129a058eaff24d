import { sql } from 'kysely';
import type { Db } from './users';

/** The signed, HttpOnly cookie that carries a referral link's token from the landing page to sign-up. */
export const REFERRAL_COOKIE = 'deck_referral';
export const REFERRAL_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
/** Referral tokens are the ones `randomToken` makes for `referral_tokens` (base64url). */
export const REFERRAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type ReferralOutcome =
  | { status: 'credited'; inviterId: number; referralId: number; credits: number }
  | { status: 'unknown_token' }
  | { status: 'self_referral' }
  | { status: 'already_referred' };

/**
 * The mailbox behind an address: lower-case, without a "+tag" in the local part, so alice+2@example.com
 * is the same person as alice@example.com (for self-referral and "counted once").
 */
export function mailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split('+')[0];
  return `${local || lower.slice(0, at)}${lower.slice(at)}`;
}

/**
 * Attributes a user who just signed up to the inviter whose referral token they arrived with, and
 * credits both once. Runs inside the sign-up's transaction so a refused sign-up credits nothing.
 * Refused: an unknown token, the inviter themselves (same account, same mailbox, or the inviter's own
 * session), and a person already counted (the unique mailbox: nothing is written then).
 */
export async function attributeReferral(
  trx: Db,
  invitee: { id: number; email: string },
  token: string,
  options: { credits: number; signedInUserId?: number | null },
): Promise<ReferralOutcome> {
  if (!REFERRAL_TOKEN_PATTERN.test(token)) return { status: 'unknown_token' };
  const source = await trx
    .selectFrom('referral_tokens as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.campaign', 'u.email'])
    .where((eb) => eb.or([eb('r.ln_token', '=', token), eb('r.email_token', '=', token)]))
    .executeTakeFirst();
  if (!source) return { status: 'unknown_token' };
  if (source.user_id === invitee.id || source.user_id === options.signedInUserId || mailbox(source.email) === mailbox(invitee.email)) {
    return { status: 'self_referral' };
  }
  const referral = await trx
    .insertInto('referrals')
    .values({ inviter_id: source.user_id, invitee_id: invitee.id, invitee_mailbox: mailbox(invitee.email), campaign: source.campaign })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!referral) return { status: 'already_referred' };
  await trx
    .insertInto('credit_ledger')
    .values([
      { user_id: source.user_id, amount: options.credits, reason: 'referral_inviter', referral_id: referral.id },
      { user_id: invitee.id, amount: options.credits, reason: 'referral_invitee', referral_id: referral.id },
    ])
    .execute();
  return { status: 'credited', inviterId: source.user_id, referralId: referral.id, credits: options.credits };
}

/** The user's credits balance and how many people joined through their links, in one statement. */
export async function referralStanding(db: Db, userId: number): Promise<{ credits_balance: number; referred_count: number }> {
  const row = await sql<{ balance: string | number; joined: string | number }>`
    select
      (select coalesce(sum(amount), 0) from credit_ledger where user_id = ${userId}) as balance,
      (select count(*) from referrals where inviter_id = ${userId}) as joined`.execute(db);
  const first = row.rows[0];
  return { credits_balance: Number(first?.balance ?? 0), referred_count: Number(first?.joined ?? 0) };
}
