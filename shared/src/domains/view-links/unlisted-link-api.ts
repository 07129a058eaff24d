// Through the package name, not a relative path: this module must extend the page's one API.
import { api } from '@deck/shared/api/api';
import type { UnlistedLink } from '@deck/shared/api/contract';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';

const unlistedPath = (documentOid: string) => viewLinkApiPath('unlisted', documentOid);
const unlistedTag = (documentOid: string) => ({ type: 'UnlistedLink' as const, id: documentOid });

/**
 * A document's unlisted link (spec §3, §7): one plain link to the document that is not a
 * trackable link. A 404 on GET means there is none; that is a value (null), not an error.
 */
export const unlistedLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnlistedLink: build.query<UnlistedLink | null, string>({
      async queryFn(documentOid, _queryApi, _extra, baseQuery) {
        const result = await baseQuery(unlistedPath(documentOid));
        if (result.error) {
          const error = result.error;
          return error.status === 404 ? { data: null } : { error };
        }
        return { data: result.data as UnlistedLink };
      },
      providesTags: (_result, _error, documentOid) => [unlistedTag(documentOid)],
    }),
    generateUnlistedLink: build.mutation<UnlistedLink, string>({
      query: (documentOid) => ({ url: unlistedPath(documentOid), method: 'PUT' }),
      async onQueryStarted(documentOid, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(unlistedLinkApi.util.updateQueryData('getUnlistedLink', documentOid, () => data));
        } catch {
          // Nothing was made; the value stays as it was and the caller shows the failure.
        }
      },
    }),
    /** Spec §4: deleting the unlisted link clears its value on success (and only then). */
    deleteUnlistedLink: build.mutation<void, string>({
      query: (documentOid) => ({ url: unlistedPath(documentOid), method: 'DELETE' }),
      async onQueryStarted(documentOid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(unlistedLinkApi.util.updateQueryData('getUnlistedLink', documentOid, () => null));
        } catch {
          // Still there: the value is kept, and the failure is the mutation's error.
        }
      },
    }),
  }),
});

export const { useGetUnlistedLinkQuery, useGenerateUnlistedLinkMutation, useDeleteUnlistedLinkMutation } = unlistedLinkApi;
