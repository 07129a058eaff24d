import { api } from '@deck/shared/api/api';
import {
  TEAM_BLOCKED_VIEWERS_PATH,
  type TeamBlockedViewers,
  type TeamBlockedViewersBody,
} from '@deck/shared/domains/team-settings/blocked-viewers-contract';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type TeamWebhook, type WebhookDeliveryPage } from '@deck/shared/domains/team-webhooks/webhook-contract';

const WEBHOOK_PATH = '/api/v1/team/webhook/';

/**
 * A team's settings for its admins (docs/api.md, *Team block list* and *Team webhook*): the block list of its
 * trackable links, and its webhook with the delivery log. A team without a webhook reads as null, not a failure.
 */
export const teamSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeamBlockedViewers: build.query<TeamBlockedViewers, void>({
      query: () => ({ url: TEAM_BLOCKED_VIEWERS_PATH }),
      providesTags: [{ type: 'TeamSettings', id: 'blocked-viewers' }],
    }),
    saveTeamBlockedViewers: build.mutation<TeamBlockedViewers, TeamBlockedViewersBody>({
      query: (body) => ({ url: TEAM_BLOCKED_VIEWERS_PATH, method: 'PUT', body }),
      // The saved list is the page's list at once; a refusal is the mutation's to show.
      onQueryStarted(_body, { dispatch, queryFulfilled }) {
        queryFulfilled.then(({ data }) => dispatch(teamSettingsApi.util.upsertQueryData('getTeamBlockedViewers', undefined, data))).catch(() => undefined);
      },
    }),
    getTeamWebhook: build.query<TeamWebhook | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: WEBHOOK_PATH });
        if (result.error?.status === 404) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as TeamWebhook };
      },
      providesTags: [{ type: 'TeamSettings', id: 'webhook' }],
    }),
    saveTeamWebhook: build.mutation<TeamWebhook, { url: string }>({
      query: (body) => ({ url: WEBHOOK_PATH, method: 'PUT', body }),
      invalidatesTags: [{ type: 'TeamSettings', id: 'webhook' }],
    }),
    rotateWebhookSecret: build.mutation<TeamWebhook, void>({
      query: () => ({ url: `${WEBHOOK_PATH}secret/`, method: 'POST' }),
      invalidatesTags: [{ type: 'TeamSettings', id: 'webhook' }],
    }),
    removeTeamWebhook: build.mutation<void, void>({
      query: () => ({ url: WEBHOOK_PATH, method: 'DELETE' }),
      invalidatesTags: [{ type: 'TeamSettings', id: 'webhook' }],
    }),
    getWebhookDeliveries: build.infiniteQuery<WebhookDeliveryPage, void, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last: WebhookDeliveryPage) => last.next_before ?? undefined,
      },
      query: ({ pageParam }) => ({
        url: `${WEBHOOK_PATH}deliveries/`,
        params: { limit: WEBHOOK_DELIVERIES_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      // Deliveries move on (retries, answers): every visit shows the current log.
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'TeamSettings', id: 'webhook' }],
    }),
  }),
});

export const {
  useGetTeamBlockedViewersQuery,
  useSaveTeamBlockedViewersMutation,
  useGetTeamWebhookQuery,
  useSaveTeamWebhookMutation,
  useRotateWebhookSecretMutation,
  useRemoveTeamWebhookMutation,
  useGetWebhookDeliveriesInfiniteQuery,
} = teamSettingsApi;
