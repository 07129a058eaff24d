/**
 * Wire types of the Presentation API routes added in create, search, revert, per-user
 * permissions, tokens, relations, curated content, bulk view counts, quality score and sent documents.
 * The older routes' types stay in contract.ts.
 */
import type {
  CollaboratorPermission,
  DocumentOwner,
  DocumentTag,
  DocumentUserPermissions,
  PermissionFlags,
  PermissionLevel,
  PresentationDocument,
  SchemaVersionName,
  ViewCountResponse,
  ViewLinkUpdateBody,
} from '@deck/shared/api/contract';

/** Types a document can be created as (TIMELINE is unsupported, spec §3). */
export type CreatableSchemaVersionName = Exclude<SchemaVersionName, 'TIMELINE'>;

export interface CreatePresentationBody {
  title: string;
  schema_version_name?: CreatableSchemaVersionName;
  description?: string;
  tags?: DocumentTag[];
}

/** 201 with the new document, or 304 (spec §8) when the same body created a document moments ago. */
export type CreatePresentationResult =
  | { created: true; document: PresentationDocument }
  | { created: false; oid: string };

export interface SearchPresentationsBody {
  query: string;
  tags?: string[];
  schema_version_name?: SchemaVersionName[];
  limit?: number;
  offset?: number;
}

export interface PresentationPage {
  count: number;
  results: PresentationDocument[];
}

export interface RevertBody {
  version: number;
}

export interface RevertResponse {
  /** The version the revert wrote (one above the latest). */
  version: number;
  document: PresentationDocument;
}

/** Where a person's access to a document comes from. */
export type AccessSource = 'owner' | 'individual' | 'team';

export interface DocumentUserPermission {
  user_id: number;
  user_oid: string;
  email: string;
  first_name: string;
  last_name: string;
  level: PermissionLevel;
  sources: AccessSource[];
}

export interface DocumentPermissionsResponse {
  results: DocumentUserPermission[];
}

export interface SetUserPermissionBody {
  permission: CollaboratorPermission;
}

export interface UserPermissionsForDocument {
  oid: string;
  level: PermissionLevel;
  user_permissions: DocumentUserPermissions;
  permissions: PermissionFlags;
  permission_reasons: Partial<Record<keyof PermissionFlags, string>>;
}

export interface PermissionsForUserEntry extends DocumentUserPermissions {
  oid: string;
}

export interface PermissionsForUserResponse {
  results: PermissionsForUserEntry[];
}

export type DocumentTokenType = 'view' | 'embed';

export interface DocumentToken {
  token: string;
}

export interface RelatedDocument {
  oid: string;
  title: string;
  schema_version_name: SchemaVersionName;
  owner_id: number;
  related_at: string;
}

/** One page of a document's parents or children the caller may view, oldest relation first. */
export interface RelatedDocumentsResponse {
  results: RelatedDocument[];
  /** The `offset` of the next page; null on the last one. */
  next_offset: number | null;
}

export interface RelationBody {
  oid: string;
}

export interface CuratedContent {
  oid: string;
  topic: string;
  topic_name: string;
  note: string;
  created_at: string;
}

export interface CuratedContentBody {
  topic: string;
  note?: string;
}

export interface CuratedTopic {
  slug: string;
  name: string;
  /** Curated documents in the topic that are in the public gallery (open and published). */
  count: number;
}

export interface CuratedTopicsResponse {
  results: CuratedTopic[];
}

export interface BulkViewCountBody {
  oids: string[];
}

export interface BulkViewCountResponse {
  results: ViewCountResponse[];
}

export interface QualityScoreBody {
  oid: string;
  quality_score: number;
}

export interface QualityScoreResponse {
  oid: string;
  quality_score: number;
}

/** A document reached through its view token (the token of sent links and embed codes). */
export interface SentPresentation {
  oid: string;
  title: string;
  schema_version_name: SchemaVersionName;
  owner: DocumentOwner;
  view_url: string;
}

/** PUT on the view-link collection: several links changed in one all-or-nothing request. */
export interface ViewLinkBulkUpdateBody {
  links: Array<Omit<ViewLinkUpdateBody, 'revoked'> & { link_id: string }>;
}
