import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { DocumentTag, PresentationDocument, ViewCountResponse } from '@deck/shared/api/contract';
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
import type { CollaboratorPermission } from '@deck/shared/api/contract';
import { apiPath, defineCall, plainCalls } from '@deck/shared/api/api-call';

/** The oid a create answered with: from the document (201) or from Location (304, no body). */
function readCreate(data: unknown, meta: FetchBaseQueryMeta | undefined): CreatePresentationResult {
  if (meta?.response?.status === 304) {
    const location = meta.response.headers.get('Location') ?? '';
    const oid = decodeURIComponent(location.replace(/\/+$/, '').split('/').pop() ?? '');
    return { created: false, oid };
  }
  return { created: true, document: data as PresentationDocument };
}

export type Relation = 'parent' | 'child';

export interface DocumentArgs {
  oid: string;
  /** GET /presentation/{oid}/?fields=…: only these fields come back. */
  fields?: ReadonlyArray<keyof PresentationDocument>;
  includeUserPermissions?: boolean;
}

/**
 * The Presentation API calls of spec §7 beyond those the share dialog already had, each defined
 * once. `presentationApi` (presentation-api.ts) makes RTK Query endpoints of them; `presentationClient`
 * below is the same calls as plain async functions for hosts without Redux.
 */
export const PRESENTATION_CALLS = {
  getPresentation: defineCall<DocumentArgs, Partial<PresentationDocument>>({
    request: ({ oid, fields, includeUserPermissions }) => ({
      url: apiPath('presentation', oid),
      params: {
        ...(fields?.length ? { fields: fields.join(',') } : {}),
        ...(includeUserPermissions ? { include_user_permissions: true } : {}),
      },
    }),
  }),
  createPresentation: defineCall<CreatePresentationBody, CreatePresentationResult>({
    request: (body) => ({ url: apiPath('presentation', 'create'), method: 'POST', body, validateStatus: (response) => response.ok || response.status === 304 }),
    read: readCreate,
  }),
  searchPresentations: defineCall<SearchPresentationsBody, PresentationPage>({
    request: (body) => ({ url: apiPath('presentation', 'search'), method: 'POST', body }),
  }),
  transferPresentation: defineCall<{ oid: string; email: string }, { oid: string; owner_email: string }>({
    request: (body) => ({ url: apiPath('presentation', 'transfer'), method: 'POST', body }),
  }),
  revertPresentation: defineCall<{ oid: string; version: number }, RevertResponse>({
    request: ({ oid, version }) => ({ url: apiPath('presentation', oid, 'revert'), method: 'POST', body: { version } }),
  }),
  getDocumentPermissions: defineCall<string, DocumentPermissionsResponse>({
    request: (oid) => ({ url: apiPath('presentation', oid, 'permissions') }),
  }),
  getUserPermission: defineCall<{ oid: string; userId: number }, DocumentUserPermission>({
    request: ({ oid, userId }) => ({ url: apiPath('presentation', oid, 'permissions', userId) }),
  }),
  setUserPermission: defineCall<{ oid: string; userId: number; permission: CollaboratorPermission }, DocumentUserPermission>({
    request: ({ oid, userId, permission }) => ({ url: apiPath('presentation', oid, 'permissions', userId), method: 'PUT', body: { permission } }),
  }),
  removeUserPermission: defineCall<{ oid: string; userId: number }, null>({
    request: ({ oid, userId }) => ({ url: apiPath('presentation', oid, 'permissions', userId), method: 'DELETE' }),
  }),
  getWithPermissions: defineCall<{ oid: string; userId: number }, PresentationDocument>({
    request: ({ oid, userId }) => ({ url: apiPath('presentation', oid, 'with_permissions', userId) }),
  }),
  getPermissionsForUser: defineCall<ReadonlyArray<string>, PermissionsForUserResponse>({
    request: (oids) => ({ url: apiPath('presentation', 'permissions-for-user'), params: { oids: oids.join(',') } }),
  }),
  getMyDocumentPermissions: defineCall<string, UserPermissionsForDocument>({
    request: (oid) => ({ url: apiPath('presentation', oid, 'permissions-for-user') }),
  }),
  getDocumentToken: defineCall<{ oid: string; tokenType?: DocumentTokenType }, DocumentToken>({
    request: ({ oid, tokenType }) => ({ url: tokenType ? apiPath('presentation', oid, 'token', tokenType) : apiPath('presentation', oid, 'token') }),
  }),
  idToOid: defineCall<number, { id: number; oid: string }>({
    request: (id) => ({ url: apiPath('presentation', 'id2oid', id) }),
  }),
  oidToId: defineCall<string, { id: number; oid: string }>({
    request: (oid) => ({ url: apiPath('presentation', 'oid2id', oid) }),
  }),
  setTags: defineCall<{ oid: string; tags: DocumentTag[] }, PresentationDocument>({
    request: ({ oid, tags }) => ({ url: apiPath('presentation', oid, 'tag'), method: 'PUT', body: { tags } }),
  }),
  getRelations: defineCall<{ oid: string; relation: Relation; limit?: number; offset?: number }, RelatedDocumentsResponse>({
    request: ({ oid, relation, limit, offset }) => ({
      url: apiPath('presentation', oid, 'relation', relation),
      params: { ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) },
    }),
  }),
  addRelation: defineCall<{ oid: string; relation: Relation; otherOid: string }, RelatedDocumentsResponse>({
    request: ({ oid, relation, otherOid }) => ({ url: apiPath('presentation', oid, 'relation', relation), method: 'POST', body: { oid: otherOid } }),
  }),
  removeRelation: defineCall<{ oid: string; relation: Relation; otherOid: string }, RelatedDocumentsResponse>({
    request: ({ oid, relation, otherOid }) => ({ url: apiPath('presentation', oid, 'relation', relation), method: 'DELETE', body: { oid: otherOid } }),
  }),
  getCuratedContent: defineCall<string, CuratedContent>({
    request: (oid) => ({ url: apiPath('presentation', oid, 'curated-content') }),
  }),
  curateContent: defineCall<{ oid: string } & CuratedContentBody, CuratedContent>({
    request: ({ oid, ...body }) => ({ url: apiPath('presentation', oid, 'curated-content'), method: 'POST', body }),
  }),
  removeCuratedContent: defineCall<string, null>({
    request: (oid) => ({ url: apiPath('presentation', oid, 'curated-content'), method: 'DELETE' }),
  }),
  getCuratedTopics: defineCall<void, CuratedTopicsResponse>({
    request: () => ({ url: apiPath('presentation', 'curated-topic') }),
  }),
  countViews: defineCall<ReadonlyArray<string>, BulkViewCountResponse>({
    request: (oids) => ({ url: apiPath('presentation', 'view-count'), method: 'PUT', body: { oids } }),
  }),
  countView: defineCall<{ oid: string; viewLinkId?: string }, ViewCountResponse>({
    request: ({ oid, viewLinkId }) => ({
      url: apiPath('presentation', oid, 'view-count'),
      method: 'PUT',
      params: viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : undefined,
    }),
  }),
  setQualityScore: defineCall<{ oid: string; quality_score: number }, QualityScoreResponse>({
    request: (body) => ({ url: apiPath('presentation', 'quality-score-v2'), method: 'PUT', body }),
  }),
  getSentPresentation: defineCall<string, SentPresentation>({
    request: (token) => ({ url: apiPath('presentation', 'sentprezi', token) }),
  }),
};

/** The same calls as plain async functions (no Redux store needed); failures reject with ApiCallError. */
export const presentationClient = plainCalls(PRESENTATION_CALLS);
