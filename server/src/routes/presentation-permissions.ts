import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { PermissionLevel } from '@deck/shared/api/contract';
import type {
  AccessSource,
  DocumentPermissionsResponse,
  DocumentToken,
  DocumentUserPermission,
  PermissionsForUserResponse,
  UserPermissionsForDocument,
} from '@deck/shared/api/presentation-contract';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { COLLABORATOR_LEVEL, effectiveLevel, maxLevel, teamGrantLevel } from '../permissions/levels';
import { hasCollaboratorLevel, userPermissions } from '../permissions/document-rules';
import { mayChangeCollaborator } from '../permissions/collaborators';
import { hasViewUrl } from '../permissions/flags';
import { endAfterLevelChange } from '../permissions/access-end';
import { rateLimitHook } from '../services/rate-limits';
import { PERMISSIONS_LOOKUP_MAX } from '@deck/shared/domains/presentation/presentation-limits';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, serializeDocument, type DocumentContext } from '../services/documents';
import { withdrawInvitations } from '../services/invitations';
import { loadUser, type Db } from '../services/users';
import { Identifier, ensure, noStore, requireUser, sharingVersionSeen, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordCollaboratorChange } from '../services/activity-log';
import { ensureCanView } from './presentation-admin';
import { PERMISSION_ROUTE_MESSAGES } from '../messages/presentation-permissions';
import { accessRows, deleteCollaborator, findAccountCollaboratorRow, grantsOnDocuments, setCollaboratorLevel } from '../repositories/collaborators';

const UserParams = Type.Object({ oid: Identifier, userId: Type.Integer({ minimum: 1 }) });
const Permission = Type.Union([Type.Literal('viewer'), Type.Literal('commenter'), Type.Literal('editor')]);
const OidList = Type.String({
  minLength: 1,
  maxLength: PERMISSIONS_LOOKUP_MAX * 65,
  pattern: `^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,${PERMISSIONS_LOOKUP_MAX - 1}}$`,
});

/** Everyone with access to the document: the owner, individual collaborators with an account, the team's members. */
async function accessList(db: Db, ctx: DocumentContext): Promise<DocumentUserPermission[]> {
  const { individuals, grant, members } = await accessRows(db, ctx.doc.id);
  const byId = new Map<number, DocumentUserPermission>();
  const add = (u: { id: number; oid: string; email: string; first_name: string; last_name: string }, level: PermissionLevel, source: AccessSource) => {
    const entry = byId.get(u.id);
    if (!entry) {
      byId.set(u.id, { user_id: u.id, user_oid: u.oid, email: u.email, first_name: u.first_name, last_name: u.last_name, level, sources: [source] });
      return;
    }
    if (entry.level === 'owner') return;
    entry.level = maxLevel(entry.level, level);
    entry.sources.push(source);
  };
  add(ctx.owner, 'owner', 'owner');
  for (const c of individuals) add(c, COLLABORATOR_LEVEL[c.permission], 'individual');
  const teamLevel = teamGrantLevel(grant);
  if (teamLevel !== 'no_access') for (const m of members) add(m, teamLevel, 'team');
  return [...byId.values()];
}

/** The people list is for people with a level on the document (like the share list); a visitor of an open one is refused. */
function ensureCollaborator(request: FastifyRequest, ctx: DocumentContext): void {
  if (hasCollaboratorLevel(ctx.level)) return;
  if (!request.currentUser) throw unauthorized(coded(MESSAGES, 'signInRequired'));
  throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
}

/** The user's own collaborator row on the document (locked with the document), else 404 'Document or user not found'. */
async function individualCollaborator(trx: Db, ctx: DocumentContext, userId: number) {
  const row = await findAccountCollaboratorRow(trx, ctx.doc.id, userId);
  if (!row) throw notFound(coded(PERMISSION_ROUTE_MESSAGES, 'documentOrUserNotFound'));
  return row;
}

export function presentationPermissionRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  async function context(trx: Db, oid: string, request: FastifyRequest, forUpdate = false): Promise<DocumentContext> {
    const ctx = await loadDocumentContext(trx, oid, request.currentUser, { ...ctxOpts, forUpdate });
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return ctx;
  }

  app.get('/api/v4/presentation/:oid/permissions/', { schema: { params: Type.Object({ oid: Identifier }) } }, async (request, reply): Promise<DocumentPermissionsResponse> => {
    noStore(reply);
    const ctx = await context(db, request.params.oid, request);
    ensureCollaborator(request, ctx);
    return { results: await accessList(db, ctx) };
  });

  app.get('/api/v4/presentation/:oid/permissions/:userId/', { schema: { params: UserParams } }, async (request, reply): Promise<DocumentUserPermission> => {
    noStore(reply);
    const ctx = await context(db, request.params.oid, request);
    ensureCollaborator(request, ctx);
    const entry = (await accessList(db, ctx)).find((e) => e.user_id === request.params.userId);
    if (!entry) throw notFound(coded(PERMISSION_ROUTE_MESSAGES, 'documentOrUserNotFound'));
    return entry;
  });

  /**
   * Changes the level of someone who already collaborates individually (with an account). Adding people goes
   * through the share API, which sends the invitation; here an unknown person is a 404.
   */
  app.put(
    '/api/v4/presentation/:oid/permissions/:userId/',
    { schema: { params: UserParams, body: Type.Object({ permission: Permission }, { additionalProperties: false }) } },
    async (request): Promise<DocumentUserPermission> => {
      const user = requireUser(request);
      const permission = request.body.permission;
      return db.transaction().execute(async (trx) => {
        const ctx = await context(trx, request.params.oid, request, true);
        ensureCollaborator(request, ctx);
        if (request.params.userId === ctx.owner.id) throw forbidden(coded(MESSAGES, 'ownerFixed'), 'NOT_POSSIBLE');
        const existing = await individualCollaborator(trx, ctx, request.params.userId);
        ensure(ctx.permissions.decisions[`collaborator_individual_update_${permission}`]);
        if (!mayChangeCollaborator(ctx.level, COLLABORATOR_LEVEL[existing.permission])) throw forbidden(coded(MESSAGES, 'higherTarget'), 'NOT_ALLOWED');
        // After the role checks: a stale version's 409 tells nothing to someone who may not make the change.
        await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
        if (existing.permission !== permission) {
          const end = endAfterLevelChange(permission, existing.expires_at, undefined);
          await setCollaboratorLevel(trx, existing.id, permission, end);
          await recordCollaboratorChange(trx, { actorId: user.id, at: config.now(), documentId: ctx.doc.id, email: existing.email, before: existing.permission, after: permission, accessUntil: end });
        }
        return (await accessList(trx, ctx)).find((e) => e.user_id === request.params.userId)!;
      });
    },
  );

  app.delete('/api/v4/presentation/:oid/permissions/:userId/', { schema: { params: UserParams } }, async (request, reply) => {
    const user = requireUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, request, true);
      ensureCollaborator(request, ctx);
      if (request.params.userId === ctx.owner.id) throw forbidden(coded(MESSAGES, 'ownerFixed'), 'NOT_POSSIBLE');
      const existing = await individualCollaborator(trx, ctx, request.params.userId);
      if (request.params.userId !== user.id) ensure(ctx.permissions.decisions.collaborator_individual_remove_others);
      await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
      await deleteCollaborator(trx, existing.id);
      await withdrawInvitations(trx, { documentId: ctx.doc.id }, existing.email, config.now());
      await recordCollaboratorChange(trx, { actorId: user.id, at: config.now(), documentId: ctx.doc.id, email: existing.email, before: existing.permission, after: null });
    });
    return reply.code(204).send();
  });

  /** The document as another user sees it (their level): for themselves, or for anyone with a level on it. */
  app.get('/api/v4/presentation/:oid/with_permissions/:userId/', { schema: { params: UserParams } }, async (request, reply) => {
    noStore(reply);
    const user = requireUser(request);
    const mine = await context(db, request.params.oid, request);
    if (request.params.userId !== user.id) ensureCollaborator(request, mine);
    else if (!mine.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
    const target = await loadUser(db, request.params.userId);
    if (!target) throw notFound(coded(PERMISSION_ROUTE_MESSAGES, 'documentOrUserNotFound'));
    const theirs = (await loadDocumentContext(db, request.params.oid, target, ctxOpts))!;
    return serializeDocument(theirs.doc, theirs.owner, { level: theirs.level, includePermissions: true });
  });

  /** The signed-in user's level on each of the given documents; unknown ones (or in the trash) read as no access. */
  // At most PERMISSIONS_LOOKUP_MAX documents per call, decided in one statement, and limited per user.
  app.get(
    '/api/v4/presentation/permissions-for-user/',
    { schema: { querystring: Type.Object({ oids: OidList }) }, preHandler: rateLimitHook(db, config, 'lookup') },
    async (request, reply): Promise<PermissionsForUserResponse> => {
      noStore(reply);
      const user = requireUser(request);
      const oids = [...new Set(request.query.oids.split(','))];
      const rows = await grantsOnDocuments(db, user, oids);
      const byOid = new Map(rows.map((row) => [row.oid, row]));
      const results = oids.map((oid) => {
        const row = byOid.get(oid);
        if (!row) return { oid, ...userPermissions('no_access', { privacy: 'closed', published: false, link_protected: false }) };
        const isOwner = row.owner_id === user.id;
        const teamGrant = !isOwner && row.can_view !== null ? { can_view: !!row.can_view, can_comment: !!row.can_comment, can_edit: !!row.can_edit } : null;
        const level = effectiveLevel({ isOwner, individual: isOwner ? null : (row.permission ?? null), teamGrant });
        return { oid, ...userPermissions(level, row) };
      });
      return { results };
    },
  );

  /** The caller's own level and every permission flag on one document (anonymous visitors of an open one too). */
  app.get(
    '/api/v4/presentation/:oid/permissions-for-user/',
    { schema: { params: Type.Object({ oid: Identifier }) } },
    async (request, reply): Promise<UserPermissionsForDocument> => {
      noStore(reply);
      const ctx = await context(db, request.params.oid, request);
      ensureCanView(request, ctx);
      return {
        oid: ctx.doc.oid,
        level: ctx.level,
        user_permissions: userPermissions(ctx.level, ctx.doc),
        permissions: ctx.permissions.flags,
        permission_reasons: ctx.permissions.reasons,
      };
    },
  );

  /** view: the view token (as GET …/token/); embed: the same token, only where embedding is allowed. */
  app.get(
    '/api/v4/presentation/:oid/token/:tokenType/',
    { schema: { params: Type.Object({ oid: Identifier, tokenType: Type.Union([Type.Literal('view'), Type.Literal('embed')]) }) } },
    async (request, reply): Promise<DocumentToken> => {
      noStore(reply);
      const ctx = await context(db, request.params.oid, request);
      ensureCanView(request, ctx);
      if (request.params.tokenType === 'embed') ensure(ctx.permissions.decisions.embed);
      return { token: hasViewUrl(ctx.doc.schema_version_name) ? ctx.doc.view_token : '' };
    },
  );
}
