import { api } from '@deck/shared/api/api';
import type { AcceptInvitationResponse, InvitationDetails } from '@deck/shared/api/contract';

/** The accept page's calls (spec §7): what an invitation link leads to, accepting it, and the demo's sign-up. */
export const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvitation: build.query<InvitationDetails, string>({
      query: (token) => `/api/v4/presentation/invitation/${encodeURIComponent(token)}/`,
      keepUnusedDataFor: 0,
    }),
    acceptInvitation: build.mutation<AcceptInvitationResponse, string>({
      query: (token) => ({ url: '/api/v4/presentation/invitation/', method: 'POST', body: { token } }),
    }),
    createInvitedDemoUser: build.mutation<AcceptInvitationResponse, string>({
      query: (token) => ({ url: '/dev/invitation-user', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useGetInvitationQuery, useAcceptInvitationMutation, useCreateInvitedDemoUserMutation } = invitationApi;
