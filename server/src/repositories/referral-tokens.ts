import type { Db } from '../services/users';

/** How many campaigns a user holds tokens for. */
export async function referralCampaignCount(db: Db, userId: number): Promise<number> {
  const held = await db
    .selectFrom('referral_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(held.n);
}

function tokensQuery(db: Db, userId: number, campaign: string) {
  return db.selectFrom('referral_tokens').select(['ln_token', 'email_token']).where('user_id', '=', userId).where('campaign', '=', campaign);
}

export function findReferralTokens(db: Db, userId: number, campaign: string) {
  return tokensQuery(db, userId, campaign).executeTakeFirst();
}

/** Adds the user's tokens for a campaign (a concurrent request's are kept) and reads them back. */
export async function createReferralTokens(db: Db, userId: number, campaign: string, tokens: { ln_token: string; email_token: string }) {
  await db
    .insertInto('referral_tokens')
    .values({ user_id: userId, campaign, ...tokens })
    .onConflict((oc) => oc.columns(['user_id', 'campaign']).doNothing())
    .execute();
  return tokensQuery(db, userId, campaign).executeTakeFirstOrThrow();
}
