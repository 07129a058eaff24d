import { api } from '@deck/shared/api/api';
import type { MyFoldersResponse, PresentationDocument } from '@deck/shared/api/contract';

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyFolders: build.query<MyFoldersResponse, void>({
      query: () => '/api/v1/folders/group/',
      providesTags: ['Folder'],
    }),
    getPageDocument: build.query<PresentationDocument, string>({
      query: (oid) => `/api/v4/presentation/${encodeURIComponent(oid)}/`,
      providesTags: (_result, _error, oid) => [{ type: 'Document', id: oid }],
    }),
  }),
});

export const { useGetMyFoldersQuery, useGetPageDocumentQuery } = shellApi;
