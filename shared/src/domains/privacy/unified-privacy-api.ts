import { api } from '@deck/shared/api/api';
import type { UnifiedPrivacy, UnifiedPrivacyUpdate } from '@deck/shared/api/contract';

export interface SetUnifiedPrivacyArgs {
  oid: string;
  update: UnifiedPrivacyUpdate;
}

const privacyPath = (oid: string) => `/api/v4/presentation/${encodeURIComponent(oid)}/unified-privacy/`;

/** The unified privacy of a document with the user's permission flags (spec §7). */
export const unifiedPrivacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnifiedPrivacy: build.query<UnifiedPrivacy, string>({
      query: (oid) => ({ url: privacyPath(oid), params: { exclude_permissions: false } }),
      // The trackable-link count comes with the privacy, so a change to the links reloads it.
      providesTags: (_result, _error, oid) => [
        { type: 'UnifiedPrivacy', id: oid },
        { type: 'ViewLinks', id: oid },
      ],
    }),
    /** The set-privacy action: PUT with published, reusable or unified_privacy. */
    setUnifiedPrivacy: build.mutation<UnifiedPrivacy, SetUnifiedPrivacyArgs>({
      query: ({ oid, update }) => ({ url: privacyPath(oid), method: 'PUT', body: update }),
      async onQueryStarted({ oid, update }, { dispatch, queryFulfilled }) {
        // Show the change at once; the server's answer (or a refusal) settles it.
        const patch = dispatch(
          unifiedPrivacyApi.util.updateQueryData('getUnifiedPrivacy', oid, (draft) => {
            if (update.unified_privacy !== undefined) draft.unified_privacy = update.unified_privacy;
            if (update.published !== undefined) draft.is_published = update.published;
            if (update.reusable !== undefined) draft.is_reusable = update.reusable;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      // Permissions depend on the privacy (publishing needs an open document), so reload them.
      invalidatesTags: (_result, error, { oid }) =>
        error ? [] : [
          { type: 'UnifiedPrivacy', id: oid },
          { type: 'Document', id: oid },
        ],
    }),
  }),
});

export const { useGetUnifiedPrivacyQuery, useSetUnifiedPrivacyMutation } = unifiedPrivacyApi;
