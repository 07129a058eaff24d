import { CompiledQuery, sql } from 'kysely';
import { statementTemplate } from '../db/prepared-statements';
import { serverNow } from '../clock';
import type {
  CollaboratorPermission,
  PermissionLevel,
  PresentationDocument,
  UnifiedPrivacy,
} from '@deck/shared/api/contract';
import type { DocumentRow } from '../db/schema';
import { ANALYTICS_VIEW_LINKS_SWITCH } from '@deck/shared/api/contract';
import { effectiveLevel } from '../permissions/levels';
import { addressProtection, canViewDocument } from '../permissions/document-address';
import { userPermissions } from '../permissions/document-rules';
import { permissionsFor, hasTrackableLinks, hasViewUrl, isAllowed, viewLinkScope, type PermissionResult } from '../permissions/flags';
import { likeCountOf } from '../repositories/like-counts';
import { readCacheOf, type ReadCache } from '../db/read-cache';
import {
  SESSION_SLOT,
  deepFreeze,
  rememberSessionUser,
  rememberedSessionUser,
  sessionUserQuery,
  toUserRecord,
  type CurrentUserRecord,
  type Db,
  type SessionUserRow,
} from './users';

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
  /** The user had an individual grant whose end date has come (it counts for nothing now: permissions/access-end.ts). */
  grantEnded: boolean;
  /** The grant of the user's team on the document (not for the owner, whose level does not depend on it). */
  teamGrant: { can_view: boolean; can_comment: boolean; can_edit: boolean } | null;
  liveViewLinkCount: number;
  /** Live trackable links the user may list (viewLinkScope), not expired: the count the share page shows. */
  visibleViewLinkCount: number;
  /** The user may list these links too, but they have expired (the share page names them apart). */
  expiredViewLinkCount: number;
  /** Whether the signed-in user likes the document (false for a visitor). */
  hasLiked: boolean;
  permissions: PermissionResult;
}

/** Counts with an int result on both drivers (count(*) is a bigint, which pg returns as a string). */
const countInt = sql<number>`count(*)::int`;

/** The expiry times of a set of links, in ms since the epoch (numbers in row_to_json too); null for none. */
const expiryTimes = (alias: string) => sql<number[] | null>`array_agg((extract(epoch from ${sql.ref(`${alias}.expires_at`)}) * 1000)::float8)`;

/** How many of these expiry times (ms) have passed at `now`. */
function expiredBy(expiries: readonly number[] | null, now: number): number {
  return (expiries ?? []).filter((at) => at <= now).length;
}

/** Stand-ins for the values of one request: the statement is built and compiled once per shape, then reused. */
const SLOT = {
  userId: Number.MIN_SAFE_INTEGER,
  teamId: Number.MIN_SAFE_INTEGER + 1,
  documentId: Number.MIN_SAFE_INTEGER + 2,
  oid: '\u0000oid',
} as const;

interface ContextShape {
  byId: boolean;
  includeDeleted: boolean;
  forUpdate: boolean;
  /** Read the view-link counts and the user's like (false: collaboratorsOnly, see ContextOptions). */
  links: boolean;
}

function contextQuery(db: Db, shape: ContextShape) {
  let q = db
    .selectFrom('documents as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', SLOT.teamId))
    // The owner's team's sharing switch governs embedding, whoever asks (permissions/embed.ts).
    .leftJoin('teams as ot', 'ot.id', 'o.team_id')
    .selectAll('d')
    .select((eb) => [
      'o.oid as owner_oid',
      'o.username as owner_username',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'o.email as owner_email',
      'o.team_id as owner_team_id',
      'ot.disable_sharing as owner_team_disables_sharing',
      // The owner's team's link rules hold for every link of the document (permissions/link-controls.ts).
      'ot.require_link_passcode as owner_team_requires_link_passcode',
      'ot.max_link_expiry_days as owner_team_max_link_expiry_days',
      'tp.can_view as team_can_view',
      'tp.can_comment as team_can_comment',
      'tp.can_edit as team_can_edit',
      eb
        .selectFrom('collaborators as c')
        .select('c.permission')
        .whereRef('c.document_id', '=', 'd.id')
        .where('c.user_id', '=', SLOT.userId)
        .limit(1)
        .as('my_permission'),
      // When the user's own access ends (a viewer's or commenter's end date): compared with the server's clock
      // on every request (contextFromRow), so an ended grant gives nothing even before any sweep runs.
      eb
        .selectFrom('collaborators as ce')
        .select('ce.expires_at')
        .whereRef('ce.document_id', '=', 'd.id')
        .where('ce.user_id', '=', SLOT.userId)
        .limit(1)
        .as('my_permission_expires_at'),
      ...(shape.links
        ? [
          eb
            .selectFrom('view_links as l')
            .select(countInt.as('n'))
            .whereRef('l.document_id', '=', 'd.id')
            .where('l.revoked', '=', false)
            .where('l.is_unlisted', '=', false)
            .as('live_links'),
          // The user's live links that count against their limit: on documents not in the trash where the user
          // still manages links (owner, editor, or a team grant that can edit); a removed collaborator's stop counting.
          eb
            .selectFrom('view_links as l')
            .innerJoin('documents as ld', 'ld.id', 'l.document_id')
            .select(countInt.as('n'))
            .where('l.owner_id', '=', SLOT.userId)
            .where('l.revoked', '=', false)
            .where('l.is_unlisted', '=', false)
            .where('ld.deleted_at', 'is', null)
            .where((inner) =>
              inner.or([
                inner('ld.owner_id', '=', SLOT.userId),
                inner.exists(
                  inner
                    .selectFrom('collaborators as lc')
                    .select('lc.id')
                    .whereRef('lc.document_id', '=', 'ld.id')
                    .where('lc.user_id', '=', SLOT.userId)
                    .where('lc.permission', '=', 'editor'),
                ),
                inner.exists(
                  inner
                    .selectFrom('document_team_permissions as ltp')
                    .select('ltp.document_id')
                    .whereRef('ltp.document_id', '=', 'ld.id')
                    .where('ltp.team_id', '=', SLOT.teamId)
                    .where('ltp.can_edit', '=', true),
                ),
              ]),
            )
            .as('own_live_links'),
          eb
            .selectFrom('view_links as ml')
            .select(countInt.as('n'))
            .whereRef('ml.document_id', '=', 'd.id')
            .where('ml.owner_id', '=', SLOT.userId)
            .where('ml.revoked', '=', false)
            .where('ml.is_unlisted', '=', false)
            .as('my_live_links'),
          // When the live links expire (ms since the epoch): an expired link is no longer live (docs/decisions.md,
          // *An expired link*), and a kept context is worked out again once the clock passes one (keptContext).
          eb
            .selectFrom('view_links as xl')
            .select(expiryTimes('xl').as('t'))
            .whereRef('xl.document_id', '=', 'd.id')
            .where('xl.revoked', '=', false)
            .where('xl.is_unlisted', '=', false)
            .where('xl.expires_at', 'is not', null)
            .as('live_link_expiries'),
          eb
            .selectFrom('view_links as mxl')
            .select(expiryTimes('mxl').as('t'))
            .whereRef('mxl.document_id', '=', 'd.id')
            .where('mxl.owner_id', '=', SLOT.userId)
            .where('mxl.revoked', '=', false)
            .where('mxl.is_unlisted', '=', false)
            .where('mxl.expires_at', 'is not', null)
            .as('my_live_link_expiries'),
          eb.exists(eb.selectFrom('likes as lk').select('lk.user_id').whereRef('lk.document_id', '=', 'd.id').where('lk.user_id', '=', SLOT.userId)).as('liked'),
          likeCountOf('d').as('like_count'),
          ]
        : [
            // Not read: the route needs the user's level on the document, not its links or like.
            sql<number | null>`null::int`.as('live_links'),
            sql<number | null>`null::int`.as('own_live_links'),
            sql<number | null>`null::int`.as('my_live_links'),
            sql<number[] | null>`null::float8[]`.as('live_link_expiries'),
            sql<number[] | null>`null::float8[]`.as('my_live_link_expiries'),
            sql<boolean>`false`.as('liked'),
            sql<number | null>`null::int`.as('like_count'),
          ]),
      // Whether designs take trackable links (spec §2), read with the document: one primary-key lookup.
      eb.selectFrom('feature_switches as fs').select('fs.enabled').where('fs.name', '=', ANALYTICS_VIEW_LINKS_SWITCH).as('design_links_on'),
    ]);
  q = shape.byId ? q.where('d.id', '=', SLOT.documentId) : q.where('d.oid', '=', SLOT.oid);
  // Documents in the trash are invisible to every route but the trash ones (which pass includeDeleted).
  if (!shape.includeDeleted) q = q.where('d.deleted_at', 'is', null);
  if (shape.forUpdate) q = q.forUpdate('d');
  return q;
}

type ContextRow = Awaited<ReturnType<ReturnType<typeof contextQuery>['executeTakeFirstOrThrow']>>;

/** One template per shape (by id or oid, with or without the trash, locked or not), compiled on first use. */
const contextTemplates = new Map<string, ReturnType<typeof statementTemplate<typeof SLOT>>>();

function compiledContext(db: Db, shape: ContextShape, values: { userId: number; teamId: number; documentId?: number; oid: string }): CompiledQuery {
  const key = `${shape.byId}:${shape.includeDeleted}:${shape.forUpdate}:${shape.links}`;
  let template = contextTemplates.get(key);
  if (!template) {
    template = statementTemplate(() => contextQuery(db, shape).compile(), SLOT);
    contextTemplates.set(key, template);
  }
  return template(values);
}

/**
 * The permission context and the signed-in user in ONE statement: the session's user (users.ts) is a
 * CTE, and the context takes the user's id and team from it where it otherwise takes them as parameters.
 * A read then costs one round trip instead of two. The session is checked by the same statement on every
 * request, so signing out or removing the user still ends it at once, on every instance.
 */
function sessionContextStatement(db: Db, shape: ContextShape): CompiledQuery {
  const parameters: unknown[] = [];
  const renumber = (query: CompiledQuery) =>
    query.sql.replace(/\$(\d+)/g, (_, index: string) => {
      const value = query.parameters[Number(index) - 1];
      if (value === SLOT.userId) return 'coalesce((select id from me), -1)';
      if (value === SLOT.teamId) return 'coalesce((select team_id from me), -1)';
      parameters.push(value);
      return `$${parameters.length}`;
    });
  const session = renumber(sessionUserQuery(db).compile());
  const context = renumber(contextQuery(db, shape).compile());
  // Both rows come back as JSON, two columns in all: node-postgres spends more CPU setting up and filling in a
  // result object per column (about 40 here) than JSON.parse takes for the same row (docs/decisions.md).
  return CompiledQuery.raw(
    `with me as materialized (${session}) select (select row_to_json(me) from me) as signed_in_user, (select row_to_json(ctx) from (${context}) as ctx) as ctx`,
    parameters,
  );
}

/** The context row as row_to_json wrote it: timestamps are ISO strings there, Dates everywhere else. */
function contextRowFromJson(json: ContextRow | string): ContextRow {
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as ContextRow;
  row.created_at = new Date(row.created_at);
  row.modified_at = new Date(row.modified_at);
  if (row.deleted_at !== null) row.deleted_at = new Date(row.deleted_at);
  return row;
}

const sessionContextTemplates = new Map<string, ReturnType<typeof statementTemplate<typeof SESSION_CONTEXT_SLOT>>>();
const SESSION_CONTEXT_SLOT = { ...SESSION_SLOT, documentId: SLOT.documentId, oid: SLOT.oid } as const;

type ContextOptions = {
  forUpdate?: boolean;
  viewLinkLimit?: number;
  documentId?: number;
  includeDeleted?: boolean;
  /**
   * Only what a collaborator route needs: the document, its owner and the user's level (collaborator row, team
   * grant). The view-link counts and the like are not read: the counts read as infinite, so every decision that
   * depends on them refuses (fails closed), and hasLiked is false.
   */
  collaboratorsOnly?: boolean;
};

/**
 * The signed-in user of a session and the document's permission context for them, in one statement (see
 * sessionContextStatement). `user` is null when the session ended, expired or its user was removed; `ctx`
 * is null when the document is unknown or in the trash. Not for locking reads (forUpdate).
 */
export async function loadSessionDocumentContext(
  db: Db,
  oid: string,
  session: { idHash: string; now: Date },
  opts: Omit<ContextOptions, 'forUpdate'> = {},
): Promise<{ user: CurrentUserRecord | null; ctx: DocumentContext | null }> {
  const shape = { byId: opts.documentId !== undefined, includeDeleted: !!opts.includeDeleted, forUpdate: false, links: !opts.collaboratorsOnly };
  const cache = readCacheOf(db);
  const ticket = cache?.begin() ?? null;
  const keptUser = rememberedSessionUser(cache, ticket, session.idHash, session.now);
  // The user from memory: the context alone is left to read (from memory too, when kept).
  if (keptUser) return { user: keptUser, ctx: await loadDocumentContext(db, oid, keptUser, opts) };
  const key = `${shape.byId}:${shape.includeDeleted}:${shape.links}`;
  let template = sessionContextTemplates.get(key);
  if (!template) {
    template = statementTemplate(() => sessionContextStatement(db, shape), SESSION_CONTEXT_SLOT);
    sessionContextTemplates.set(key, template);
  }
  const query = template({ idHash: session.idHash, now: session.now, documentId: opts.documentId, oid });
  const { signed_in_user: signedIn, ctx } = (await db.executeQuery<{ signed_in_user: SessionUserRow | string | null; ctx: ContextRow | string | null }>(query)).rows[0];
  const userRow = signedIn === null ? null : typeof signedIn === 'string' ? (JSON.parse(signedIn) as SessionUserRow) : signedIn;
  const user = userRow === null ? null : toUserRecord(userRow);
  if (userRow && user) rememberSessionUser(cache, ticket, session.idHash, userRow, user);
  if (ctx === null) return { user, ctx: null };
  const row = contextRowFromJson(ctx);
  rememberContext(cache, ticket, shape, { oid, documentId: opts.documentId }, user, row);
  return { user, ctx: contextFromRow(row, user, opts) };
}

/** Where a context is kept in memory: by the shape, the document as asked for, and the user and team. */
function contextKey(shape: ContextShape, doc: { oid: string; documentId?: number }, user: CurrentUserRecord | null): string {
  const asked = shape.byId ? `#${doc.documentId}` : doc.oid;
  return `c|${shape.includeDeleted ? 1 : 0}${shape.links ? 1 : 0}|${asked}|${user?.id ?? -1}|${user?.team_id ?? -1}`;
}

/**
 * How long a context that holds a document's counters (likes, views) and the user's like is served from memory on
 * an instance that did not make the change: those send no notice (migration 0017, docs/decisions.md), so they are
 * at most this old elsewhere; on the instance that changes them, a counted view forgets the counters at once
 * (view-counts.ts) and a like its liker's own like and count (likes.ts).
 */
export const COUNTERS_MAX_AGE_MS = 1000;

/** The tag of a user's like on a document (and the count they see), which their like forgets locally. */
export const likeTag = (documentId: number, userId: number): string => `l:${documentId}:${userId}`;

/** The tags of a document's counters and of a user's like on it; a view forgets the counters locally. */
export const counterTags = (documentId: number, userId?: number): string[] =>
  userId === undefined ? [`c:${documentId}`] : [`c:${documentId}`, likeTag(documentId, userId)];

/**
 * Keeps a context row (db/read-cache.ts), dropped by any notice (migration 0017) about what the row holds: the
 * document's facts, its owner, the user's membership and team grant on it; for the full shape also the live-link
 * counts and the user's team (its grants move the user's own count), and, served for COUNTERS_MAX_AGE_MS at most,
 * the counters and the user's like. A lean context (collaboratorsOnly) holds no counters (contextFromRow).
 */
function rememberContext(cache: ReadCache | undefined, ticket: number | null, shape: ContextShape, doc: { oid: string; documentId?: number }, user: CurrentUserRecord | null, row: ContextRow): void {
  if (!cache) return;
  const tags = [`d:${row.id}`, `u:${row.owner_id}`];
  // The owner's team's switches are read with the document (the embed rule).
  if (row.owner_team_id !== null) tags.push(`t:${row.owner_team_id}`);
  if (user) {
    tags.push(`m:${row.id}:${user.id}`);
    if (user.team_id !== null) tags.push(`g:${row.id}:${user.team_id}`);
  }
  if (!shape.links) {
    cache.set(ticket, contextKey(shape, doc, user), deepFreeze(row), tags);
    return;
  }
  tags.push(`k:${row.id}`, ...counterTags(row.id, user?.id));
  if (user) {
    tags.push(`o:${user.id}`);
    if (user.team_id !== null) tags.push(`t:${user.team_id}`);
  }
  cache.set(ticket, contextKey(shape, doc, user), deepFreeze(row), tags, COUNTERS_MAX_AGE_MS);
}

/**
 * Loads a document with everything the permission functions need for `user`, in ONE statement (document,
 * owner, the user's collaborator row and team grant, both live-link counts, whether the user liked it);
 * null when unknown or in the trash (unless includeDeleted).
 * With forUpdate (inside a transaction) the document row is locked, so concurrent
 * mutations of the same document are serialised.
 */
export async function loadDocumentContext(db: Db, oid: string, user: CurrentUserRecord | null, opts: ContextOptions = {}): Promise<DocumentContext | null> {
  const shape = { byId: opts.documentId !== undefined, includeDeleted: !!opts.includeDeleted, forUpdate: !!opts.forUpdate, links: !opts.collaboratorsOnly };
  // A locking read is in a transaction, which has no read cache (readCacheOf): it always reads the database.
  const cache = shape.forUpdate ? undefined : readCacheOf(db);
  const ticket = cache?.begin() ?? null;
  const asked = { oid, documentId: opts.documentId };
  const kept = cache?.get<ContextRow>(ticket, contextKey(shape, asked, user));
  if (kept) return keptContext(kept, user, opts);
  // -1 matches no row: the anonymous visitor has no collaborator row, team grant, links or like.
  const query = compiledContext(db, shape, { userId: user?.id ?? -1, teamId: user?.team_id ?? -1, documentId: opts.documentId, oid });
  const row = (await db.executeQuery<ContextRow>(query)).rows[0];
  if (!row) return null;
  rememberContext(cache, ticket, shape, asked, user, row);
  return contextFromRow(row, user, opts);
}

type ContextFromRowOptions = Pick<ContextOptions, 'viewLinkLimit' | 'collaboratorsOnly'>;

interface WorkedOut {
  user: CurrentUserRecord | null;
  opts: ContextFromRowOptions;
  /** The times (ms) at which the context changes by the clock alone: the user's grant ends, a link expires. */
  turns: number[];
  /** How many of them had passed when this was worked out. */
  passed: number;
  ctx: DocumentContext;
}

/**
 * The context last worked out from each row kept in memory: a kept row is read again and again, and working out its
 * context (the level, every flag) costs more than the rest of a read from memory. It is the same while the row,
 * the session's user (kept and frozen too) and the options are, and the clock has not crossed the grant's end or a
 * link's expiry (either way: a test clock may be set back).
 */
const workedOut = new WeakMap<ContextRow, WorkedOut>();

function keptContext(row: ContextRow, user: CurrentUserRecord | null, opts: ContextFromRowOptions): DocumentContext {
  const now = serverNow().getTime();
  const last = workedOut.get(row);
  if (last && last.user === user && last.opts.viewLinkLimit === opts.viewLinkLimit && !!last.opts.collaboratorsOnly === !!opts.collaboratorsOnly && expiredBy(last.turns, now) === last.passed) {
    return last.ctx;
  }
  const turns = [...(row.live_link_expiries ?? []), ...(row.my_live_link_expiries ?? [])];
  if (row.my_permission_expires_at != null) turns.push(new Date(row.my_permission_expires_at).getTime());
  const ctx = contextFromRow(row, user, opts);
  workedOut.set(row, { user, opts: { viewLinkLimit: opts.viewLinkLimit, collaboratorsOnly: opts.collaboratorsOnly }, turns, passed: expiredBy(turns, now), ctx });
  return ctx;
}

/** A context is shared between the requests that read it from memory (keptContext), so nothing may change it. */
function contextFromRow(row: ContextRow, user: CurrentUserRecord | null, opts: ContextFromRowOptions): DocumentContext {
  const {
    owner_oid, owner_username, owner_first_name, owner_last_name, owner_email, owner_team_id, owner_team_disables_sharing,
    owner_team_requires_link_passcode, owner_team_max_link_expiry_days,
    team_can_view, team_can_comment, team_can_edit, my_permission, my_permission_expires_at, live_links, own_live_links, my_live_links, live_link_expiries, my_live_link_expiries, liked, design_links_on, like_count,
    ...doc
  } = row;
  // The count is the sum of the document's slots (migration 0019), not the column of the previous release.
  doc.likes_count = Number(like_count);
  if (opts.collaboratorsOnly) {
    // Not read for a lean context (nor dropped from memory when they change): NaN, never a stale number.
    doc.likes_count = Number.NaN;
    doc.view_count = Number.NaN;
  }
  const owner: OwnerInfo = {
    id: doc.owner_id,
    oid: owner_oid,
    username: owner_username,
    first_name: owner_first_name,
    last_name: owner_last_name,
    email: owner_email,
    team_id: owner_team_id,
  };
  const isOwner = !!user && user.id === doc.owner_id;
  // An ended grant is no grant: the level (and so the permissions cache's key) is computed without it.
  const ended = my_permission !== 'editor' && my_permission_expires_at != null && new Date(my_permission_expires_at).getTime() <= serverNow().getTime();
  const individual: CollaboratorPermission | null = user && !isOwner && !ended ? (my_permission ?? null) : null;
  const teamGrant =
    user && !isOwner && team_can_view !== null
      ? { can_view: !!team_can_view, can_comment: !!team_can_comment, can_edit: !!team_can_edit }
      : null;
  const level = user ? effectiveLevel({ isOwner, individual, teamGrant }) : 'no_access';
  const notRead = opts.collaboratorsOnly ? Number.POSITIVE_INFINITY : undefined;
  const liveViewLinkCount = notRead ?? Number(live_links ?? 0);
  const permissions = permissionsFor({
    user: user
      ? { userId: user.id, licence: user.licence, team: user.team, ownLiveViewLinkCount: notRead ?? Number(own_live_links ?? 0) }
      : null,
    doc: {
      schemaVersionName: doc.schema_version_name,
      privacy: doc.privacy,
      published: doc.published,
      reusable: doc.reusable,
      showcaseProhibited: doc.showcase_prohibited,
      liveViewLinkCount,
      linkProtected: doc.link_protected,
      ownerHasTeam: owner.team_id !== null,
      ownerTeamLinkRules: owner_team_id === null
        ? null
        : { require_link_passcode: !!owner_team_requires_link_passcode, max_link_expiry_days: owner_team_max_link_expiry_days ?? null },
      ownerTeamDisablesSharing: !!owner_team_disables_sharing,
      trackableLinks: hasTrackableLinks(doc.schema_version_name, !!design_links_on),
    },
    level,
    viewLinkLimit: opts.viewLinkLimit,
  });
  const scope = viewLinkScope(permissions);
  // The share page counts the links that still give access and names the expired ones apart (an expired link is
  // not revoked: its owner may extend it).
  const now = serverNow().getTime();
  const [visibleLinks, visibleExpiries] =
    scope === 'all' ? [liveViewLinkCount, live_link_expiries] : scope === 'own' && user ? [notRead ?? Number(my_live_links ?? 0), my_live_link_expiries] : [0, null];
  const expiredViewLinkCount = notRead ?? Math.min(visibleLinks, expiredBy(visibleExpiries, now));
  const visibleViewLinkCount = visibleLinks - expiredViewLinkCount;
  return Object.freeze({
    doc: Object.freeze(doc),
    owner: Object.freeze(owner),
    user,
    level,
    canView: canViewDocument(level, doc),
    individual,
    grantEnded: !!user && !isOwner && ended,
    teamGrant: teamGrant && Object.freeze(teamGrant),
    liveViewLinkCount,
    visibleViewLinkCount,
    expiredViewLinkCount,
    hasLiked: !!user && !!liked,
    permissions,
  });
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
    out.user_permissions = userPermissions(level, doc);
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
    expired_view_link_count: ctx.expiredViewLinkCount,
    licence: ctx.user?.licence ?? null,
    team_policy: ctx.permissions.teamPolicy,
    address_protection: addressProtection(doc),
  };
  if (includePermissions) {
    out.permissions = ctx.permissions.flags;
    out.permission_reasons = ctx.permissions.reasons;
    out.permission_reason_codes = ctx.permissions.reasonCodes;
  }
  return out;
}

/** The permission part of the unified privacy answer as JSON text, by the shared (frozen) result it is made from. */
const permissionJsonByResult = new WeakMap<PermissionResult, string>();

function permissionJson(permissions: PermissionResult): string {
  let json = permissionJsonByResult.get(permissions);
  if (json === undefined) {
    const part: Pick<UnifiedPrivacy, 'permissions' | 'permission_reasons' | 'permission_reason_codes'> = {
      permissions: permissions.flags,
      permission_reasons: permissions.reasons,
      permission_reason_codes: permissions.reasonCodes,
    };
    json = JSON.stringify(part).slice(1, -1);
    permissionJsonByResult.set(permissions, json);
  }
  return json;
}

/**
 * serializeUnifiedPrivacy as JSON text, the same bytes: the flags, reasons and codes are most of the answer and the
 * same for every request with the same facts (permissionsFor shares one frozen result between them), so their text
 * is made once per result instead of being serialised on every request.
 */
export function unifiedPrivacyJson(ctx: DocumentContext, origin: string, includePermissions: boolean): string {
  const head = JSON.stringify(serializeUnifiedPrivacy(ctx, origin, false));
  return includePermissions ? `${head.slice(0, -1)},${permissionJson(ctx.permissions)}}` : head;
}
