// Through the package name, not a relative path: only '@deck/shared/…' requests are federation
// singletons, and this module must extend the page's one API, not a copy bundled with a remote.
import { api } from '@deck/shared/api/api';
import { callApi, defineCall, presentationApiPath } from '@deck/shared/api/api-call';
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

const oidPath = (oid: string) => encodeURIComponent(oid);

/**
 * The document list, counts and trash (spec §7), each defined once: the RTK Query endpoints below and the
 * plain `documentListCalls` functions send the same request.
 */
export const DOCUMENT_LIST_CALLS = {
  listPresentations: defineCall<PresentationListQuery, PresentationList>((query) => ({
    url: presentationApiPath('/presentation/list/'),
    params: { ...query },
  })),
  countPresentations: defineCall<void, DocumentCount>(() => ({ url: presentationApiPath('/presentation/count/') })),
  detailedCount: defineCall<void, DocumentDetailedCount>(() => ({ url: presentationApiPath('/presentation/detailed-count/') })),
  userStatistics: defineCall<void, UserStatistics>(() => ({ url: presentationApiPath('/presentation/user-statistics/') })),
  listTags: defineCall<void, DocumentTagList>(() => ({ url: presentationApiPath('/presentation/tag/') })),
  listTrash: defineCall<TrashPage, DeletedDocumentList>((page) => ({
    url: presentationApiPath('/presentation-deleted/'),
    params: { ...page },
  })),
  moveToTrash: defineCall<string, void>((oid) => ({ url: presentationApiPath(`/presentation/${oidPath(oid)}/`), method: 'DELETE' })),
  restoreFromTrash: defineCall<string, PresentationDocument>((oid) => ({
    url: presentationApiPath(`/presentation-deleted/${oidPath(oid)}/restore/`),
    method: 'POST',
  })),
  deleteForGood: defineCall<string, void>((oid) => ({ url: presentationApiPath(`/presentation-deleted/${oidPath(oid)}/`), method: 'DELETE' })),
  emptyTrash: defineCall<void, TrashEmptied>(() => ({ url: presentationApiPath('/presentation-deleted/'), method: 'DELETE' })),
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
export const documentListCalls = {
  listPresentations: (query: PresentationListQuery = {}) => callApi(C.listPresentations, query),
  countPresentations: () => callApi(C.countPresentations, undefined),
  detailedCount: () => callApi(C.detailedCount, undefined),
  userStatistics: () => callApi(C.userStatistics, undefined),
  listTags: () => callApi(C.listTags, undefined),
  listTrash: (page: TrashPage = {}) => callApi(C.listTrash, page),
  moveToTrash: (oid: string) => callApi(C.moveToTrash, oid),
  restoreFromTrash: (oid: string) => callApi(C.restoreFromTrash, oid),
  deleteForGood: (oid: string) => callApi(C.deleteForGood, oid),
  emptyTrash: () => callApi(C.emptyTrash, undefined),
};
