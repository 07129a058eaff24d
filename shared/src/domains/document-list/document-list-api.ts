// Through the package name, not a relative path: only '@deck/shared/…' requests are federation
// singletons, and this module must extend the page's one API, not a copy bundled with a remote.
import { api } from '@deck/shared/api/api';
import { apiPath, defineCall, plainCalls } from '@deck/shared/api/api-call';
import type {
  DeletedDocumentList,
  DocumentCount,
  DocumentDetailedCount,
  DocumentTagList,
  PresentationDocument,
  PresentationList,
  PresentationListQuery,
  TrashEmptied,
  UserStatistics,
} from '@deck/shared/api/contract';

export interface TrashPage {
  offset?: number;
  limit?: number;
}

/**
 * The document list, counts and trash (spec §7), each defined once: the RTK Query endpoints below and the
 * plain `documentListCalls` functions send the same request.
 */
export const DOCUMENT_LIST_CALLS = {
  listPresentations: defineCall<PresentationListQuery, PresentationList>({ request: (query) => ({
    url: apiPath('presentation', 'list'),
    params: { ...query },
  }) }),
  countPresentations: defineCall<void, DocumentCount>({ request: () => ({ url: apiPath('presentation', 'count') }) }),
  detailedCount: defineCall<void, DocumentDetailedCount>({ request: () => ({ url: apiPath('presentation', 'detailed-count') }) }),
  userStatistics: defineCall<void, UserStatistics>({ request: () => ({ url: apiPath('presentation', 'user-statistics') }) }),
  listTags: defineCall<void, DocumentTagList>({ request: () => ({ url: apiPath('presentation', 'tag') }) }),
  listTrash: defineCall<TrashPage, DeletedDocumentList>({ request: (page) => ({
    url: apiPath('presentation-deleted'),
    params: { ...page },
  }) }),
  moveToTrash: defineCall<string, void>({ request: (oid) => ({ url: apiPath('presentation', oid), method: 'DELETE' }) }),
  restoreFromTrash: defineCall<string, PresentationDocument>({ request: (oid) => ({
    url: apiPath('presentation-deleted', oid, 'restore'),
    method: 'POST',
  }) }),
  deleteForGood: defineCall<string, void>({ request: (oid) => ({ url: apiPath('presentation-deleted', oid), method: 'DELETE' }) }),
  emptyTrash: defineCall<void, TrashEmptied>({ request: () => ({ url: apiPath('presentation-deleted'), method: 'DELETE' }) }),
};

const C = DOCUMENT_LIST_CALLS;
/** Everything the list, counts and trash show; a change to any document refreshes them. */
const LIST_TAGS = ['Document', 'DocumentList', 'Trash'] as const;

export const documentListApi = api.enhanceEndpoints({ addTagTypes: ['DocumentList', 'Trash'] }).injectEndpoints({
  endpoints: (build) => ({
    listPresentations: build.query<PresentationList, PresentationListQuery>({
      query: C.listPresentations.request,
      providesTags: ['DocumentList'],
    }),
    countPresentations: build.query<DocumentCount, void>({ query: C.countPresentations.request, providesTags: ['DocumentList'] }),
    detailedCount: build.query<DocumentDetailedCount, void>({ query: C.detailedCount.request, providesTags: ['DocumentList', 'Trash'] }),
    userStatistics: build.query<UserStatistics, void>({ query: C.userStatistics.request, providesTags: ['DocumentList'] }),
    listTags: build.query<DocumentTagList, void>({ query: C.listTags.request, providesTags: ['DocumentList'] }),
    listTrash: build.query<DeletedDocumentList, TrashPage>({ query: C.listTrash.request, providesTags: ['Trash'] }),
    moveToTrash: build.mutation<void, string>({
      query: C.moveToTrash.request,
      invalidatesTags: (_r, _e, oid) => [...LIST_TAGS, { type: 'Document', id: oid }],
    }),
    restoreFromTrash: build.mutation<PresentationDocument, string>({
      query: C.restoreFromTrash.request,
      invalidatesTags: (_r, _e, oid) => [...LIST_TAGS, { type: 'Document', id: oid }],
    }),
    deleteForGood: build.mutation<void, string>({ query: C.deleteForGood.request, invalidatesTags: ['Trash', 'DocumentList'] }),
    emptyTrash: build.mutation<TrashEmptied, void>({ query: C.emptyTrash.request, invalidatesTags: ['Trash', 'DocumentList'] }),
  }),
});

export const {
  useListPresentationsQuery,
  useCountPresentationsQuery,
  useDetailedCountQuery,
  useUserStatisticsQuery,
  useListTagsQuery,
  useListTrashQuery,
  useMoveToTrashMutation,
  useRestoreFromTrashMutation,
  useDeleteForGoodMutation,
  useEmptyTrashMutation,
} = documentListApi;

/** The same calls for hosts without Redux: each resolves with the typed result or rejects with an ApiCallError. */
const plain = plainCalls(C);
export const documentListCalls = {
  ...plain,
  listPresentations: (query: PresentationListQuery = {}) => plain.listPresentations(query),
  listTrash: (page: TrashPage = {}) => plain.listTrash(page),
  countPresentations: () => plain.countPresentations(undefined),
  detailedCount: () => plain.detailedCount(undefined),
  userStatistics: () => plain.userStatistics(undefined),
  listTags: () => plain.listTags(undefined),
  emptyTrash: () => plain.emptyTrash(undefined),
};
