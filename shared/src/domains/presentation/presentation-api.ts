// Through the package name, not a relative path: this module must extend the page's one API.
import { api } from '@deck/shared/api/api';
import { callQueryFn, type ArgsOf, type ResultOf } from '@deck/shared/api/api-call';
import { PRESENTATION_CALLS as C } from '@deck/shared/domains/presentation/presentation-calls';
import { tagsAfterSharingChange } from '@deck/shared/domains/sharing-activity/live-sharing-slice';

type Calls = typeof C;
/** Result and argument types of a call of the table. */
type R<K extends keyof Calls> = ResultOf<Calls[K]>;
type A<K extends keyof Calls> = ArgsOf<Calls[K]>;

const documentTag = (oid: string) => ({ type: 'Document' as const, id: oid });
const permissionsTag = (oid: string) => ({ type: 'DocumentPermissions' as const, id: oid });
const relationsTag = (oid: string) => ({ type: 'DocumentRelations' as const, id: oid });
const curatedTag = (oid: string) => ({ type: 'CuratedContent' as const, id: oid });

/**
 * RTK Query endpoints of the Presentation API calls (spec §7). Each is made from its one definition
 * in presentation-calls.ts; a change invalidates what it changed.
 */
export const presentationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPresentation: build.query<R<'getPresentation'>, A<'getPresentation'>>({
      ...callQueryFn(C.getPresentation),
      providesTags: (_r, _e, { oid }) => [documentTag(oid)],
    }),
    createPresentation: build.mutation<R<'createPresentation'>, A<'createPresentation'>>(callQueryFn(C.createPresentation)),
    searchPresentations: build.query<R<'searchPresentations'>, A<'searchPresentations'>>(callQueryFn(C.searchPresentations)),
    transferPresentation: build.mutation<R<'transferPresentation'>, A<'transferPresentation'>>({
      ...callQueryFn(C.transferPresentation),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid), permissionsTag(oid), { type: 'Collaborators', id: oid }]),
    }),
    revertPresentation: build.mutation<R<'revertPresentation'>, A<'revertPresentation'>>({
      ...callQueryFn(C.revertPresentation),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getDocumentPermissions: build.query<R<'getDocumentPermissions'>, A<'getDocumentPermissions'>>({
      ...callQueryFn(C.getDocumentPermissions),
      providesTags: (_r, _e, oid) => [permissionsTag(oid)],
    }),
    getUserPermission: build.query<R<'getUserPermission'>, A<'getUserPermission'>>({
      ...callQueryFn(C.getUserPermission),
      providesTags: (_r, _e, { oid }) => [permissionsTag(oid)],
    }),
    setUserPermission: build.mutation<R<'setUserPermission'>, A<'setUserPermission'>>({
      ...callQueryFn(C.setUserPermission),
      invalidatesTags: (_r, error, { oid }) => tagsAfterSharingChange(error, [permissionsTag(oid), { type: 'Collaborators' as const, id: oid }, { type: 'UnifiedPrivacy' as const, id: oid }]),
    }),
    removeUserPermission: build.mutation<R<'removeUserPermission'>, A<'removeUserPermission'>>({
      ...callQueryFn(C.removeUserPermission),
      invalidatesTags: (_r, error, { oid }) => tagsAfterSharingChange(error, [permissionsTag(oid), { type: 'Collaborators' as const, id: oid }, { type: 'UnifiedPrivacy' as const, id: oid }]),
    }),
    getWithPermissions: build.query<R<'getWithPermissions'>, A<'getWithPermissions'>>({
      ...callQueryFn(C.getWithPermissions),
      providesTags: (_r, _e, { oid }) => [documentTag(oid), permissionsTag(oid)],
    }),
    getPermissionsForUser: build.query<R<'getPermissionsForUser'>, A<'getPermissionsForUser'>>({
      ...callQueryFn(C.getPermissionsForUser),
      providesTags: (_r, _e, oids) => oids.map(permissionsTag),
    }),
    getMyDocumentPermissions: build.query<R<'getMyDocumentPermissions'>, A<'getMyDocumentPermissions'>>({
      ...callQueryFn(C.getMyDocumentPermissions),
      providesTags: (_r, _e, oid) => [permissionsTag(oid), { type: 'UnifiedPrivacy', id: oid }],
    }),
    getDocumentToken: build.query<R<'getDocumentToken'>, A<'getDocumentToken'>>({
      ...callQueryFn(C.getDocumentToken),
      providesTags: (_r, _e, { oid }) => [{ type: 'UnifiedPrivacy', id: oid }],
    }),
    idToOid: build.query<R<'idToOid'>, A<'idToOid'>>(callQueryFn(C.idToOid)),
    oidToId: build.query<R<'oidToId'>, A<'oidToId'>>(callQueryFn(C.oidToId)),
    setTags: build.mutation<R<'setTags'>, A<'setTags'>>({
      ...callQueryFn(C.setTags),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getRelations: build.query<R<'getRelations'>, A<'getRelations'>>({
      ...callQueryFn(C.getRelations),
      providesTags: (_r, _e, { oid }) => [relationsTag(oid)],
    }),
    addRelation: build.mutation<R<'addRelation'>, A<'addRelation'>>({
      ...callQueryFn(C.addRelation),
      invalidatesTags: (_r, error, { oid, otherOid }) => (error ? [] : [relationsTag(oid), relationsTag(otherOid)]),
    }),
    removeRelation: build.mutation<R<'removeRelation'>, A<'removeRelation'>>({
      ...callQueryFn(C.removeRelation),
      invalidatesTags: (_r, error, { oid, otherOid }) => (error ? [] : [relationsTag(oid), relationsTag(otherOid)]),
    }),
    getCuratedContent: build.query<R<'getCuratedContent'>, A<'getCuratedContent'>>({
      ...callQueryFn(C.getCuratedContent),
      providesTags: (_r, _e, oid) => [curatedTag(oid)],
    }),
    curateContent: build.mutation<R<'curateContent'>, A<'curateContent'>>({
      ...callQueryFn(C.curateContent),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [curatedTag(oid), { type: 'CuratedContent', id: 'TOPICS' }]),
    }),
    removeCuratedContent: build.mutation<R<'removeCuratedContent'>, A<'removeCuratedContent'>>({
      ...callQueryFn(C.removeCuratedContent),
      invalidatesTags: (_r, error, oid) => (error ? [] : [curatedTag(oid), { type: 'CuratedContent', id: 'TOPICS' }]),
    }),
    getCuratedTopics: build.query<R<'getCuratedTopics'>, A<'getCuratedTopics'>>({
      ...callQueryFn(C.getCuratedTopics),
      providesTags: [{ type: 'CuratedContent', id: 'TOPICS' }],
    }),
    countViews: build.mutation<R<'countViews'>, A<'countViews'>>(callQueryFn(C.countViews)),
    countView: build.mutation<R<'countView'>, A<'countView'>>(callQueryFn(C.countView)),
    setQualityScore: build.mutation<R<'setQualityScore'>, A<'setQualityScore'>>({
      ...callQueryFn(C.setQualityScore),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getSentPresentation: build.query<R<'getSentPresentation'>, A<'getSentPresentation'>>(callQueryFn(C.getSentPresentation)),
  }),
});

export const {
  useGetPresentationQuery,
  useCreatePresentationMutation,
  useSearchPresentationsQuery,
  useTransferPresentationMutation,
  useRevertPresentationMutation,
  useGetDocumentPermissionsQuery,
  useGetUserPermissionQuery,
  useSetUserPermissionMutation,
  useRemoveUserPermissionMutation,
  useGetWithPermissionsQuery,
  useGetPermissionsForUserQuery,
  useGetMyDocumentPermissionsQuery,
  useGetDocumentTokenQuery,
  useIdToOidQuery,
  useOidToIdQuery,
  useSetTagsMutation,
  useGetRelationsQuery,
  useAddRelationMutation,
  useRemoveRelationMutation,
  useGetCuratedContentQuery,
  useCurateContentMutation,
  useRemoveCuratedContentMutation,
  useGetCuratedTopicsQuery,
  useCountViewsMutation,
  useCountViewMutation,
  useSetQualityScoreMutation,
  useGetSentPresentationQuery,
} = presentationApi;
