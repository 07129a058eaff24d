import { api } from '@deck/shared/api/api';
import type { AccessRequestBody, MyAccessRequestResponse } from '@deck/shared/domains/access-requests/access-request-contract';

const requestPath = (oid: string) => `/api/v4/presentation/${encodeURIComponent(oid)}/access-request/`;

/** The requester's side (spec §7 POST /presentation/{oid}/access-request/): their pending request, and asking. */
export const accessRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAccessRequest: build.query<MyAccessRequestResponse, string>({
      query: (oid) => requestPath(oid),
      keepUnusedDataFor: 0,
    }),
    requestAccess: build.mutation<MyAccessRequestResponse, { oid: string; message: string }>({
      query: ({ oid, message }) => ({
        url: requestPath(oid),
        method: 'POST',
        body: (message.trim() ? { message: message.trim() } : {}) satisfies AccessRequestBody,
      }),
      async onQueryStarted({ oid }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Not awaited: the cache entry is written at once; its promise only says so.
          void dispatch(accessRequestApi.util.upsertQueryData('getMyAccessRequest', oid, data));
        } catch {
          // The page shows why it was refused.
        }
      },
    }),
  }),
});

export const { useGetMyAccessRequestQuery, useRequestAccessMutation } = accessRequestApi;
