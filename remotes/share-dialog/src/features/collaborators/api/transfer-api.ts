import { api } from '@deck/shared/api/api';

/** Spec §7 POST /presentation/transfer/: the owner hands the document to a collaborator. */
export const transferApi = api.injectEndpoints({
  endpoints: (build) => ({
    transferOwnership: build.mutation<{ oid: string; owner_email: string }, { oid: string; email: string }>({
      query: ({ oid, email }) => ({ url: '/api/v4/presentation/transfer/', method: 'POST', body: { oid, email } }),
      // The previous owner is an editor now: their levels, flags and the list all change.
      invalidatesTags: (_result, error, { oid }) =>
        error
          ? []
          : [
              { type: 'Collaborators', id: oid },
              { type: 'Document', id: oid },
              { type: 'UnifiedPrivacy', id: oid },
            ],
    }),
  }),
});

export const { useTransferOwnershipMutation } = transferApi;
