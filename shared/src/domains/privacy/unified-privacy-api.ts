import { api } from '@deck/shared/api/api';
import type { UnifiedPrivacy, UnifiedPrivacyUpdate } from '@deck/shared/api/contract';
import { loadServerMessages } from '@deck/shared/api/server-messages';
import { tagsAfterSharingChange } from '@deck/shared/domains/sharing-activity/live-sharing-slice';

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
      // A refusal the dialog shows in the server's own words (by its code) is then ready in the page's
      // language: the translations of server texts are fetched before the answer reaches the page.
      transformResponse: async (privacy: UnifiedPrivacy) => {
        if (Object.keys(privacy.permission_reason_codes ?? {}).length > 0) await loadServerMessages();
        return privacy;
      },
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
        tagsAfterSharingChange(error, [
          { type: 'UnifiedPrivacy' as const, id: oid },
          { type: 'Document' as const, id: oid },
        ]),
    }),
  }),
});

export const { useGetUnifiedPrivacyQuery, useSetUnifiedPrivacyMutation } = unifiedPrivacyApi;
