import { sql } from 'kysely';
import type {
  CollaboratorPermission,
  PermissionLevel,
  PresentationDocument,
  UnifiedPrivacy,
} from '../../../shared/src/api/contract';
import type { DocumentRow } from '../db/schema';
import { canViewDocument, computePermissions, effectiveLevel, hasViewUrl, isAllowed, rank, viewLinkScope, type PermissionResult } from '../permissions';
import type { CurrentUserRecord, Db } from './users';

export interface OwnerInfo {
  id: number;
  oid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  team_id: number | null;
}

export interface DocumentContext {
  doc: DocumentRow;
  owner: OwnerInfo;
  user: CurrentUserRecord | null;
  level: PermissionLevel;
  canView: boolean;
  individual: CollaboratorPermission | null;
  liveViewLinkCount: number;
  /** Live trackable links the user may list (viewLinkScope): the count the share page shows. */
  visibleViewLinkCount: number;
  permissions: PermissionResult;
}

/**
 * The user's live trackable links that count against their limit: on documents not in the trash (links on
 * trashed documents cannot be seen or revoked) where the user still manages links (owner, editor, or a
 * team grant that can edit). A removed collaborator's links stop counting (docs/decisions.md).
 */
export async function countOwnLiveViewLinks(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('view_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('l.owner_id', '=', userId)
    .where('l.revoked', '=', false)
    .where('l.is_unlisted', '=', false)
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('d.owner_id', '=', userId),
        eb.exists(
          eb.selectFrom('collaborators as c').select('c.id').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', userId).where('c.permission', '=', 'editor'),
        ),
        eb.exists(
          eb
            .selectFrom('document_team_permissions as tp')
            .innerJoin('users as me', 'me.team_id', 'tp.team_id')
            .select('tp.document_id')
            .whereRef('tp.document_id', '=', 'd.id')
            .where('me.id', '=', userId)
            .where('tp.can_edit', '=', true),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Live trackable links on the document, by anyone, or only those `ownerId` created. */
export async function countDocumentLiveViewLinks(db: Db, documentId: number, ownerId?: number): Promise<number> {
  let q = db
    .selectFrom('view_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('document_id', '=', documentId)
    .where('revoked', '=', false)
    .where('is_unlisted', '=', false);
  if (ownerId !== undefined) q = q.where('owner_id', '=', ownerId);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Loads a document with everything the permission functions need for `user`; null when unknown or in the trash
 * (unless includeDeleted).
 * With forUpdate (inside a transaction) the document row is locked, so concurrent
 * mutations of the same document are serialised.
 */
export async function loadDocumentContext(
  db: Db,
  oid: string,
  user: CurrentUserRecord | null,
  opts: { forUpdate?: boolean; viewLinkLimit?: number; documentId?: number; includeDeleted?: boolean } = {},
): Promise<DocumentContext | null> {
  let q = db.selectFrom('documents').selectAll();
  q = opts.documentId !== undefined ? q.where('id', '=', opts.documentId) : q.where('oid', '=', oid);
  // Documents in the trash are invisible to every route but the trash ones (which pass includeDeleted).
  if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
  if (opts.forUpdate) q = q.forUpdate();
  const doc = await q.executeTakeFirst();
  if (!doc) return null;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'oid', 'username', 'first_name', 'last_name', 'email', 'team_id'])
    .where('id', '=', doc.owner_id)
    .executeTakeFirstOrThrow();

  let individual: CollaboratorPermission | null = null;
  let teamGrant = null;
  if (user && user.id !== doc.owner_id) {
    const c = await db
      .selectFrom('collaborators')
      .select('permission')
      .where('document_id', '=', doc.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    individual = c?.permission ?? null;
    if (user.team_id !== null) {
      teamGrant =
        (await db
          .selectFrom('document_team_permissions')
          .select(['can_view', 'can_comment', 'can_edit'])
          .where('document_id', '=', doc.id)
          .where('team_id', '=', user.team_id)
          .executeTakeFirst()) ?? null;
    }
  }
  const level = user ? effectiveLevel({ isOwner: user.id === doc.owner_id, individual, teamGrant }) : 'no_access';
  const liveViewLinkCount = await countDocumentLiveViewLinks(db, doc.id);
  const ownLive = user ? await countOwnLiveViewLinks(db, user.id) : 0;
  const permissions = computePermissions({
    user: user ? { userId: user.id, licence: user.licence, team: user.team, ownLiveViewLinkCount: ownLive } : null,
    doc: {
      schemaVersionName: doc.schema_version_name,
      privacy: doc.privacy,
      published: doc.published,
      reusable: doc.reusable,
      showcaseProhibited: doc.showcase_prohibited,
      liveViewLinkCount,
      ownerHasTeam: owner.team_id !== null,
    },
    level,
    viewLinkLimit: opts.viewLinkLimit,
  });
  const scope = viewLinkScope(permissions);
  const visibleViewLinkCount =
    scope === 'all' ? liveViewLinkCount : scope === 'own' && user ? await countDocumentLiveViewLinks(db, doc.id, user.id) : 0;
  return {
    doc,
    owner,
    user,
    level,
    canView: canViewDocument(level, doc.privacy),
    individual,
    liveViewLinkCount,
    visibleViewLinkCount,
    permissions,
  };
}

export function legacyPrivacy(doc: Pick<DocumentRow, 'privacy' | 'published'>): 'public' | 'hidden' | 'private' {
  if (doc.privacy === 'closed') return 'private';
  return doc.published ? 'public' : 'hidden';
}

export function viewUrl(origin: string, doc: Pick<DocumentRow, 'oid' | 'schema_version_name'>): string {
  return hasViewUrl(doc.schema_version_name) ? `${origin}/view/${doc.oid}` : '';
}

export function embedUrl(origin: string, doc: Pick<DocumentRow, 'oid' | 'schema_version_name'>): string {
  return hasViewUrl(doc.schema_version_name) ? `${origin}/view/${doc.oid}?embed=1` : '';
}

function iso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

export function serializeDocument(
  doc: DocumentRow,
  owner: OwnerInfo,
  extra: { hasLiked?: boolean; level?: PermissionLevel; includePermissions?: boolean },
): PresentationDocument {
  const out: PresentationDocument = {
    oid: doc.oid,
    schema_version_name: doc.schema_version_name as PresentationDocument['schema_version_name'],
    title: doc.title,
    description: doc.description,
    tags: Array.isArray(doc.tags) ? doc.tags : [],
    privacy: legacyPrivacy(doc),
    public: doc.published,
    showcase_prohibited: doc.showcase_prohibited,
    owner_id: doc.owner_id,
    owner: { username: owner.username, firstName: owner.first_name, lastName: owner.last_name },
    modified_at: iso(doc.modified_at),
    view_count: doc.view_count,
    quality_score: doc.quality_score,
    video_status: doc.video_status,
    likes_count: doc.likes_count,
    page_count: doc.page_count,
  };
  if (extra.hasLiked !== undefined) out.has_liked = extra.hasLiked;
  if (extra.includePermissions) {
    const level = extra.level ?? 'no_access';
    out.user_permissions = {
      can_view: canViewDocument(level, doc.privacy),
      can_comment: rank(level) >= rank('can_comment'),
      can_edit: rank(level) >= rank('can_edit'),
      is_owner: level === 'owner',
      level,
    };
  }
  return out;
}

export function serializeUnifiedPrivacy(ctx: DocumentContext, origin: string, includePermissions: boolean): UnifiedPrivacy {
  const { doc } = ctx;
  const out: UnifiedPrivacy = {
    unified_privacy: doc.privacy,
    is_owner: ctx.level === 'owner',
    is_published: doc.published,
    is_reusable: doc.reusable,
    view_link: viewUrl(origin, doc),
    default_link: viewUrl(origin, doc),
    // Withheld where embedding is refused, so no working embed code can be made from it.
    embed_link: isAllowed(ctx.permissions.decisions.embed) ? embedUrl(origin, doc) : '',
    view_token: ctx.canView && hasViewUrl(doc.schema_version_name) ? doc.view_token : '',
    view_link_count: ctx.visibleViewLinkCount,
    licence: ctx.user?.licence ?? null,
    team_policy: ctx.permissions.teamPolicy,
  };
  if (includePermissions) {
    out.permissions = ctx.permissions.flags;
    out.permission_reasons = ctx.permissions.reasons;
  }
  return out;
}

export async function hasLiked(db: Db, documentId: number, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom('likes')
    .select(sql<number>`1`.as('x'))
    .where('document_id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!r;
}
