import { api } from '@deck/shared/api/api';
import type { ViewCountResponse } from '@deck/shared/api/contract';
import { documentApi } from '@deck/shared/domains/document/document-api';

export interface RecordViewArgs {
  oid: string;
  viewLinkId?: string;
}

/**
 * Spec §7: PUT view-count, once per playback of the document. A viewer who came by a view link
 * sends its key, so the view is allowed (and can be attributed) through the link.
 */
export const viewCountApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordView: build.mutation<ViewCountResponse, RecordViewArgs>({
      query: ({ oid, viewLinkId }) => ({
        url: `/api/v4/presentation/${encodeURIComponent(oid)}/view-count/`,
        method: 'PUT',
        params: viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : undefined,
      }),
      async onQueryStarted({ oid, viewLinkId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            documentApi.util.updateQueryData('getDocument', { oid, viewLinkId }, (draft) => {
              draft.view_count = data.view_count;
            }),
          );
        } catch {
          // A view that could not be counted must not stop the playback; the failure is logged by the caller.
        }
      },
    }),
  }),
});

export const { useRecordViewMutation } = viewCountApi;
