// Through the package name, not a relative path: this module must extend the page's one API.
import { api } from '@deck/shared/api/api';
import { callQueryFn } from '@deck/shared/api/api-call';
import type { CollaboratorPermission, DocumentTag, PresentationDocument, ViewCountResponse } from '@deck/shared/api/contract';
import type {
  BulkViewCountResponse,
  CreatePresentationBody,
  CreatePresentationResult,
  CuratedContent,
  CuratedContentBody,
  CuratedTopicsResponse,
  DocumentPermissionsResponse,
  DocumentToken,
  DocumentTokenType,
  DocumentUserPermission,
  PermissionsForUserResponse,
  PresentationPage,
  QualityScoreResponse,
  RelatedDocumentsResponse,
  RevertResponse,
  SearchPresentationsBody,
  SentPresentation,
  UserPermissionsForDocument,
} from '@deck/shared/api/presentation-contract';
import { PRESENTATION_CALLS as C, type DocumentArgs, type Relation } from '@deck/shared/domains/presentation/presentation-calls';

const documentTag = (oid: string) => ({ type: 'Document' as const, id: oid });
const permissionsTag = (oid: string) => ({ type: 'DocumentPermissions' as const, id: oid });
const relationsTag = (oid: string) => ({ type: 'DocumentRelations' as const, id: oid });
const curatedTag = (oid: string) => ({ type: 'CuratedContent' as const, id: oid });

/**
 * RTK Query endpoints of the Presentation API calls (spec §7, issue 13). Each is made from its one definition
 * in presentation-calls.ts; a change invalidates what it changed.
 */
export const presentationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPresentation: build.query<Partial<PresentationDocument>, DocumentArgs>({
      ...callQueryFn(C.getPresentation),
      providesTags: (_r, _e, { oid }) => [documentTag(oid)],
    }),
    createPresentation: build.mutation<CreatePresentationResult, CreatePresentationBody>(callQueryFn(C.createPresentation)),
    searchPresentations: build.query<PresentationPage, SearchPresentationsBody>(callQueryFn(C.searchPresentations)),
    transferPresentation: build.mutation<{ oid: string; owner_email: string }, { oid: string; email: string }>({
      ...callQueryFn(C.transferPresentation),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid), permissionsTag(oid), { type: 'Collaborators', id: oid }]),
    }),
    revertPresentation: build.mutation<RevertResponse, { oid: string; version: number }>({
      ...callQueryFn(C.revertPresentation),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getDocumentPermissions: build.query<DocumentPermissionsResponse, string>({
      ...callQueryFn(C.getDocumentPermissions),
      providesTags: (_r, _e, oid) => [permissionsTag(oid)],
    }),
    getUserPermission: build.query<DocumentUserPermission, { oid: string; userId: number }>({
      ...callQueryFn(C.getUserPermission),
      providesTags: (_r, _e, { oid }) => [permissionsTag(oid)],
    }),
    setUserPermission: build.mutation<DocumentUserPermission, { oid: string; userId: number; permission: CollaboratorPermission }>({
      ...callQueryFn(C.setUserPermission),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [permissionsTag(oid), { type: 'Collaborators', id: oid }, { type: 'UnifiedPrivacy', id: oid }]),
    }),
    removeUserPermission: build.mutation<null, { oid: string; userId: number }>({
      ...callQueryFn(C.removeUserPermission),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [permissionsTag(oid), { type: 'Collaborators', id: oid }, { type: 'UnifiedPrivacy', id: oid }]),
    }),
    getWithPermissions: build.query<PresentationDocument, { oid: string; userId: number }>({
      ...callQueryFn(C.getWithPermissions),
      providesTags: (_r, _e, { oid }) => [documentTag(oid), permissionsTag(oid)],
    }),
    getPermissionsForUser: build.query<PermissionsForUserResponse, ReadonlyArray<string>>({
      ...callQueryFn(C.getPermissionsForUser),
      providesTags: (_r, _e, oids) => oids.map(permissionsTag),
    }),
    getMyDocumentPermissions: build.query<UserPermissionsForDocument, string>({
      ...callQueryFn(C.getMyDocumentPermissions),
      providesTags: (_r, _e, oid) => [permissionsTag(oid), { type: 'UnifiedPrivacy', id: oid }],
    }),
    getDocumentToken: build.query<DocumentToken, { oid: string; tokenType?: DocumentTokenType }>({
      ...callQueryFn(C.getDocumentToken),
      providesTags: (_r, _e, { oid }) => [{ type: 'UnifiedPrivacy', id: oid }],
    }),
    idToOid: build.query<{ id: number; oid: string }, number>(callQueryFn(C.idToOid)),
    oidToId: build.query<{ id: number; oid: string }, string>(callQueryFn(C.oidToId)),
    setTags: build.mutation<PresentationDocument, { oid: string; tags: DocumentTag[] }>({
      ...callQueryFn(C.setTags),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getRelations: build.query<RelatedDocumentsResponse, { oid: string; relation: Relation }>({
      ...callQueryFn(C.getRelations),
      providesTags: (_r, _e, { oid }) => [relationsTag(oid)],
    }),
    addRelation: build.mutation<RelatedDocumentsResponse, { oid: string; relation: Relation; otherOid: string }>({
      ...callQueryFn(C.addRelation),
      invalidatesTags: (_r, error, { oid, otherOid }) => (error ? [] : [relationsTag(oid), relationsTag(otherOid)]),
    }),
    getCuratedContent: build.query<CuratedContent, string>({
      ...callQueryFn(C.getCuratedContent),
      providesTags: (_r, _e, oid) => [curatedTag(oid)],
    }),
    curateContent: build.mutation<CuratedContent, { oid: string } & CuratedContentBody>({
      ...callQueryFn(C.curateContent),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [curatedTag(oid), { type: 'CuratedContent', id: 'TOPICS' }]),
    }),
    removeCuratedContent: build.mutation<null, string>({
      ...callQueryFn(C.removeCuratedContent),
      invalidatesTags: (_r, error, oid) => (error ? [] : [curatedTag(oid), { type: 'CuratedContent', id: 'TOPICS' }]),
    }),
    getCuratedTopics: build.query<CuratedTopicsResponse, void>({
      ...callQueryFn(C.getCuratedTopics),
      providesTags: [{ type: 'CuratedContent', id: 'TOPICS' }],
    }),
    countViews: build.mutation<BulkViewCountResponse, ReadonlyArray<string>>(callQueryFn(C.countViews)),
    countView: build.mutation<ViewCountResponse, { oid: string; viewLinkId?: string }>(callQueryFn(C.countView)),
    setQualityScore: build.mutation<QualityScoreResponse, { oid: string; quality_score: number }>({
      ...callQueryFn(C.setQualityScore),
      invalidatesTags: (_r, error, { oid }) => (error ? [] : [documentTag(oid)]),
    }),
    getSentPresentation: build.query<SentPresentation, string>(callQueryFn(C.getSentPresentation)),
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
  useGetCuratedContentQuery,
  useCurateContentMutation,
  useRemoveCuratedContentMutation,
  useGetCuratedTopicsQuery,
  useCountViewsMutation,
  useCountViewMutation,
  useSetQualityScoreMutation,
  useGetSentPresentationQuery,
} = presentationApi;
