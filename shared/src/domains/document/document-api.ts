import { api } from '@deck/shared/api/api';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { documentRequest, type DocumentQuery } from '@deck/shared/domains/document/document-request';

export type { DocumentQuery };

/** The document itself, as the share dialog reads it (the view page's parts read `viewedDocument`). */
export const documentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocument: build.query<PresentationDocument, DocumentQuery>({
      query: documentRequest,
      providesTags: (_result, _error, { oid }) => [{ type: 'Document', id: oid }],
    }),
  }),
});

export const { useGetDocumentQuery } = documentApi;
