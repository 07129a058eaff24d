import { api } from '@deck/shared/api/api';
import type { DemoListing, MyFoldersResponse, PresentationDocument } from '@deck/shared/api/contract';

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDemoListing: build.query<DemoListing, void>({
      query: () => '/api/v1/demo/',
    }),
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

export const { useGetDemoListingQuery, useGetMyFoldersQuery, useGetPageDocumentQuery } = shellApi;
