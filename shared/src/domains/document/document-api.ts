import { api } from '@deck/shared/api/api';
import type { PresentationDocument } from '@deck/shared/api/contract';

export interface DocumentQuery {
  oid: string;
  /** A view link id, for viewers who reach the document through a trackable link. */
  viewLinkId?: string;
}

/** The document itself, used by the share dialog, the like button and the viewer overlay. */
export const documentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocument: build.query<PresentationDocument, DocumentQuery>({
      query: ({ oid, viewLinkId }) => ({
        url: `/api/v4/presentation/${encodeURIComponent(oid)}/`,
        params: {
          include_user_permissions: true,
          ...(viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : {}),
        },
      }),
      providesTags: (_result, _error, { oid }) => [{ type: 'Document', id: oid }],
    }),
  }),
});

export const { useGetDocumentQuery } = documentApi;
