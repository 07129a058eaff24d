import { Type } from 'typebox';
import type { ReferralData } from '@deck/shared/api/contract';
import { forbidden } from '../http/errors';
import { MESSAGES, coded } from '../permissions/messages';
import { randomToken } from '../tokens';
import { referralStanding } from '../services/referrals';
import { Identifier, noStore, linkOrigin, requireUser, type App, type RouteDeps } from './common';
import { createReferralTokens, findReferralTokens, referralCampaignCount } from '../repositories/referral-tokens';
import { SERVER_TEXTS } from '../messages/server-texts';

/** The signed-in user's invitation link and standing in a referral campaign. */
export function referralCampaignRoutes(app: App, { db, config }: RouteDeps): void {
  /** Each new campaign id adds a row, so one user may hold tokens for a bounded number of campaigns. */
  async function ensureCampaignRoom(userId: number): Promise<void> {
    if ((await referralCampaignCount(db, userId)) >= config.referralCampaignLimit) {
      throw forbidden(coded(SERVER_TEXTS, 'referral_campaign_limit', { max: String(config.referralCampaignLimit) }), 'REFERRAL_CAMPAIGN_LIMIT');
    }
  }

  app.get(
    '/api/v1/referrals/users/:userOid/campaigns/:campaignNanoid/',
    { schema: { params: Type.Object({ userOid: Identifier, campaignNanoid: Identifier }) } },
    async (request, reply): Promise<ReferralData> => {
      noStore(reply);
      const user = requireUser(request);
      if (request.params.userOid !== user.oid) throw forbidden(coded(MESSAGES, 'referralUserMismatch'), 'NOT_ALLOWED');
      const campaign = request.params.campaignNanoid;
      let row = await findReferralTokens(db, user.id, campaign);
      if (!row) {
        await ensureCampaignRoom(user.id);
        row = await createReferralTokens(db, user.id, campaign, { ln_token: randomToken(12), email_token: randomToken(12) });
      }
      return {
        campaign,
        reward_credits: config.referralRewardCredits,
        tokens: { ln: row.ln_token, email: row.email_token },
        invitation_link: `${linkOrigin(config, request)}/?referral_token=${encodeURIComponent(row.ln_token)}`,
        ...(await referralStanding(db, user.id)),
      };
    },
  );
}
