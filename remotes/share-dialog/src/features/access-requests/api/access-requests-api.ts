import { api } from '@deck/shared/api/api';
import type { CollaboratorPermission } from '@deck/shared/api/contract';
import type {
  ApproveAccessRequestBody,
  PendingAccessRequestsResponse,
} from '@deck/shared/domains/access-requests/access-request-contract';

const requestsPath = (oid: string) => `/api/v4/presentation/${encodeURIComponent(oid)}/access-requests/`;

/**
 * The owner's side of access requests: the document's pending requests, approving one at a
 * level and denying one. A decision answers the list as it is afterwards; approving also changes the
 * collaborator list, which is fetched again.
 */
export const accessRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccessRequests: build.query<PendingAccessRequestsResponse, string>({
      query: (oid) => requestsPath(oid),
      providesTags: (_result, _error, oid) => [{ type: 'AccessRequests', id: oid }],
    }),
    approveAccessRequest: build.mutation<PendingAccessRequestsResponse, { oid: string; id: number; permission: CollaboratorPermission }>({
      query: ({ oid, id, permission }) => ({
        url: `${requestsPath(oid)}${id}/approve/`,
        method: 'POST',
        body: { permission } satisfies ApproveAccessRequestBody,
      }),
      onQueryStarted: showListAfterDecision,
      invalidatesTags: (_result, _error, { oid }) => [{ type: 'Collaborators', id: oid }],
    }),
    denyAccessRequest: build.mutation<PendingAccessRequestsResponse, { oid: string; id: number }>({
      query: ({ oid, id }) => ({ url: `${requestsPath(oid)}${id}/deny/`, method: 'POST' }),
      onQueryStarted: showListAfterDecision,
    }),
  }),
});

/** A decision answers the pending list as it is afterwards: it replaces the cached list without another request. */
async function showListAfterDecision(
  { oid }: { oid: string },
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: PendingAccessRequestsResponse }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(accessRequestsApi.util.upsertQueryData('getAccessRequests', oid, data));
  } catch {
    // A refused decision leaves the list as it was; the section shows why.
  }
}

export const { useGetAccessRequestsQuery, useApproveAccessRequestMutation, useDenyAccessRequestMutation } = accessRequestsApi;
