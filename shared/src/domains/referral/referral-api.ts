import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
// Through the package name, not a relative path: only '@deck/shared/…' requests are federation
// singletons, and this module must extend the page's one API, not a copy bundled with a remote.
import { api } from '@deck/shared/api/api';
import type { ReferralData } from '@deck/shared/api/contract';

/** The campaign that gives AI credits to both the inviter and the invitee. */
export const AI_CREDITS_CAMPAIGN = 'ai-credits';

/** Spec §5: the referral fetch needs the signed-in user's userOid. */
export const USER_OID_NOT_FOUND = 'userOid not found';

export interface ReferralQuery {
  /** The signed-in user's userOid (from the session); without one the query fails with USER_OID_NOT_FOUND. */
  userOid: string | null | undefined;
  campaign?: string;
}

export function referralUrl(userOid: string, campaign: string): string {
  return `/api/v1/referrals/users/${encodeURIComponent(userOid)}/campaigns/${encodeURIComponent(campaign)}/`;
}

/** Referral data, keyed by campaign (spec §3). Used by the referral panel and the share dialog's view-link copy area. */
export const referralApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReferral: build.query<ReferralData, ReferralQuery>({
      async queryFn({ userOid, campaign = AI_CREDITS_CAMPAIGN }, _queryApi, _extra, baseQuery) {
        if (!userOid) {
          const error: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: USER_OID_NOT_FOUND };
          return { error };
        }
        const result = await baseQuery(referralUrl(userOid, campaign));
        if (result.error) return { error: result.error };
        return { data: result.data as ReferralData };
      },
      providesTags: (_result, _error, { campaign = AI_CREDITS_CAMPAIGN }) => [{ type: 'Referral', id: campaign }],
    }),
  }),
});

export const { useGetReferralQuery } = referralApi;
