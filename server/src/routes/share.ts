import { SHARE_LIST_PAGE_SIZE } from '@deck/shared/domains/collaborators/share-list-paging';
import { InviteBody, InviteQuery, RemoveBody, SharePermissionsResponseSchema, ShareListQuery, TeamGrantBody } from '../schemas/share';
import { badRequest, forbidden, notFound } from '../http/errors';
import { COLLABORATOR_LEVEL } from '../permissions/levels';
import { hasCollaboratorLevel } from '../permissions/document-rules';
import { mayChangeCollaborator } from '../permissions/collaborators';
import { isAllowed } from '../permissions/flags';
import { endAfterLevelChange, keepsEndDate } from '../permissions/access-end';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, type DocumentContext } from '../services/documents';
import { loadRequestContext } from '../http/session';
import { checkInviteRateLimit, recordInvitation, sayInvitationsRemaining, withdrawInvitations } from '../services/invitations';
import { buildSharePermissions, parseCursor, type ListOptions } from '../services/share-list';
import { changeCollaboratorLevel } from '../services/collaborator-level';
import { fullName, isValidEmail, normalizeEmail, type Db } from '../services/users';
import { OidParams, ensure, noStore, linkOrigin, parseBool, requestLocale, requireUser, sharingVersionSeen, teamLevelOf, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordCollaboratorChange, recordSharingChange } from '../services/activity-log';
import {
  deleteCollaborator,
  deleteTeamGrant,
  findCollaboratorByEmail,
  findTeamGrant,
  inviteCollaborator,
  setCollaboratorLevel,
  setTeamGrant,
} from '../repositories/collaborators';
import { SHARE_MESSAGES } from '../messages/share';
import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import { serverNow } from '../clock';
import { teamGrantOf } from '@deck/shared/domains/permissions/permission-levels';

/**
 * The end date a change sets on a collaborator's access: only the owner sets one, only on a viewer or a commenter,
 * only in the future (undefined: the change sets none; null: it removes it).
 */
function accessExpiry(ctx: DocumentContext | null, permission: 'viewer' | 'commenter' | 'editor', expiresAt: string | null | undefined): Date | null | undefined {
  if (expiresAt === undefined) return undefined;
  if (!ctx || ctx.level !== 'owner') throw forbidden(coded(LINK_CONTROL_MESSAGES, 'accessExpiryOwnerOnly'), 'NOT_ALLOWED');
  if (expiresAt === null) return null;
  if (!keepsEndDate(permission)) throw badRequest(coded(LINK_CONTROL_MESSAGES, 'accessExpiryLevel'), 'INVALID_EXPIRY');
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime()) || at.getTime() <= serverNow().getTime()) throw badRequest(coded(LINK_CONTROL_MESSAGES, 'accessExpiryInPast'), 'INVALID_EXPIRY');
  return at;
}

/** The document for a collaborator (level ≥ can_view), else 404/403. */
function collaboratorAccess(ctx: DocumentContext | null): DocumentContext {
  if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
  if (!hasCollaboratorLevel(ctx.level)) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
  return ctx;
}

/** Every share route answers with the list (docs/api.md), serialised through its schema. */
const LIST_ANSWER = { 200: SharePermissionsResponseSchema } as const;

const DEFAULT_LIST: ListOptions = { includeOrganization: true, hideNames: false, includePending: true };
/** A change answers with the list's first page (docs/api.md), whatever the list's length. */
const FIRST_PAGE = { limit: SHARE_LIST_PAGE_SIZE } as const;

export function shareRoutes(app: App, { db, config }: RouteDeps): void {
  // The share routes need the user's level, not the document's links or like (ContextOptions.collaboratorsOnly).
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit, collaboratorsOnly: true };

  /** Loads the document for a collaborator (level ≥ can_view), else 404/403. */
  async function collaboratorContext(trx: Db, oid: string, user: NonNullable<DocumentContext['user']>, forUpdate: boolean) {
    return collaboratorAccess(await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate }));
  }

  // The session's user is read in the permission-context statement (one round trip for both).
  app.get('/api/v1/share/:oid/permissions/', { schema: { params: OidParams, querystring: ShareListQuery, response: LIST_ANSWER }, config: { sessionInStatement: true } }, async (request, reply) => {
    noStore(reply);
    const found = await loadRequestContext(db, config, request, reply, request.params.oid, ctxOpts);
    requireUser(request);
    const ctx = collaboratorAccess(found);
    const { limit, cursor, search } = request.query;
    const paged = limit !== undefined || cursor !== undefined || search !== undefined;
    return buildSharePermissions(
      db,
      ctx,
      {
        includeOrganization: parseBool(request.query.include_organization_permission, true),
        hideNames: parseBool(request.query.hide_collaborators_name, false),
        includePending: parseBool(request.query.include_pending_invites, true),
      },
      paged ? { limit: limit ?? SHARE_LIST_PAGE_SIZE, cursor: cursor === undefined ? undefined : parseCursor(cursor), search } : undefined,
      // A read may be answered from memory; a change's answer never is (its own notice may not be back yet).
      true,
    );
  });

  app.put(
    '/api/v1/share/:oid/permissions/',
    {
      schema: { params: OidParams, body: InviteBody, querystring: InviteQuery, response: LIST_ANSWER },
      config: { sessionInStatement: true },
    },
    async (request, reply) => {
      // 1. The session and the permission context in one statement.
      const found = await loadRequestContext(db, config, request, reply, request.params.oid, ctxOpts);
      const user = requireUser(request);
      if (!isValidEmail(request.body.email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
      const email = normalizeEmail(request.body.email);
      const permission = request.body.permission;
      const seen = collaboratorAccess(found);
      if (email === seen.owner.email) throw forbidden(coded(MESSAGES, 'ownerFixed'), 'NOT_POSSIBLE');
      // A dialog that says which version it saw has it checked under the document's lock (the transaction below).
      const versionSeen = sharingVersionSeen(request);
      // 2. Someone already on the document at a new level: one statement that locks the document only for the
      // change and checks that what the decision stood on is still so (collaborator-level.ts). 3. The answer.
      const expiry = accessExpiry(seen, permission, request.body.expires_at);
      if (versionSeen === null && expiry === undefined && isAllowed(seen.permissions.decisions[`collaborator_individual_update_${permission}`])) {
        const change = await changeCollaboratorLevel(db, seen, user, email, permission, config.now());
        if (change === 'above-own-level') throw forbidden(coded(MESSAGES, 'higherTarget'), 'NOT_ALLOWED');
        if (change === 'changed' || change === 'unchanged') return buildSharePermissions(db, seen, DEFAULT_LIST, FIRST_PAGE);
      }
      // An invitation, a refusal, or a decision that must be made again: in one transaction on the locked document.
      let remaining: number | null = null;
      const answer = await db.transaction().execute(async (trx) => {
        const ctx = await collaboratorContext(trx, request.params.oid, user, true);
        if (email === ctx.owner.email) throw forbidden(coded(MESSAGES, 'ownerFixed'), 'NOT_POSSIBLE');
        const existing = await findCollaboratorByEmail(trx, ctx.doc.id, email);
        if (existing) {
          ensure(ctx.permissions.decisions[`collaborator_individual_update_${permission}`]);
          if (!mayChangeCollaborator(ctx.level, COLLABORATOR_LEVEL[existing.permission])) {
            throw forbidden(coded(MESSAGES, 'higherTarget'), 'NOT_ALLOWED');
          }
        } else {
          ensure(ctx.permissions.decisions[`collaborator_individual_add_${permission}`]);
          // Access through the team (or any other grant) must not be turned into an individual one
          // that outlives the grant: nobody adds themselves.
          if (email === user.email) throw forbidden(coded(SHARE_MESSAGES, 'addSelf'), 'NOT_ALLOWED');
        }
        // After the role checks: a stale version's 409 tells nothing to someone who may not make the change.
        await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, versionSeen);
        if (existing) {
          const end = endAfterLevelChange(permission, existing.expires_at, expiry);
          if (existing.permission !== permission || end !== undefined) {
            await setCollaboratorLevel(trx, existing.id, permission, end);
            await recordCollaboratorChange(trx, { actorId: user.id, at: config.now(), documentId: ctx.doc.id, email, before: existing.permission, after: permission, accessUntil: end });
          }
        } else {
          remaining = await checkInviteRateLimit(trx, user.id, config);
          await inviteCollaborator(trx, { document_id: ctx.doc.id, email, permission, invited_by: user.id, created_at: config.now(), expires_at: expiry });
          await recordCollaboratorChange(trx, { actorId: user.id, at: config.now(), documentId: ctx.doc.id, email, before: null, after: permission, accessUntil: expiry });
          const notice =
            request.body.notify === false
              ? undefined
              : {
                  kind: 'document' as const,
                  inviterName: fullName(user) || user.email,
                  title: ctx.doc.title,
                  level: permission,
                  message: request.body.message?.trim() || null,
                  origin: linkOrigin(config, request),
                  fallbackLocale: requestLocale(request),
                };
          await recordInvitation(trx, config, { inviterId: user.id, email, documentId: ctx.doc.id, referralToken: request.query.referral_token }, notice);
        }
        return buildSharePermissions(trx, ctx, DEFAULT_LIST, FIRST_PAGE);
      });
      sayInvitationsRemaining(reply, remaining);
      return answer;
    },
  );

  app.delete('/api/v1/share/:oid/permissions/', { schema: { params: OidParams, body: RemoveBody, response: LIST_ANSWER } }, async (request) => {
    const user = requireUser(request);
    if (!isValidEmail(request.body.email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
    const email = normalizeEmail(request.body.email);
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      if (email === ctx.owner.email) throw forbidden(coded(MESSAGES, 'ownerFixed'), 'NOT_POSSIBLE');
      const existing = await findCollaboratorByEmail(trx, ctx.doc.id, email);
      if (!existing) throw notFound(coded(MESSAGES, 'collaboratorNotFound'));
      const isSelf = existing.user_id === user.id;
      if (!isSelf) ensure(ctx.permissions.decisions.collaborator_individual_remove_others);
      await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
      await deleteCollaborator(trx, existing.id);
      await withdrawInvitations(trx, { documentId: ctx.doc.id }, email, config.now());
      await recordCollaboratorChange(trx, { actorId: user.id, at: config.now(), documentId: ctx.doc.id, email, before: existing.permission, after: null });
      return buildSharePermissions(trx, ctx, DEFAULT_LIST, FIRST_PAGE);
    });
  });

  app.put('/api/v1/share/:oid/organization-permission/', { schema: { params: OidParams, body: TeamGrantBody, response: LIST_ANSWER } }, async (request) => {
    const user = requireUser(request);
    const permission = request.body.permission;
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      const key = permission === 'can_edit' ? 'collaborator_organization_add_editor' : permission === 'can_comment' ? 'collaborator_organization_add_commenter' : 'collaborator_organization_add_viewer';
      ensure(ctx.permissions.decisions[key]);
      await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
      const grant = teamGrantOf(permission);
      const before = teamLevelOf(await findTeamGrant(trx, ctx.doc.id));
      if (before !== permission) {
        await recordSharingChange(trx, { action: 'team_permission_changed', actorId: user.id, at: config.now(), documentId: ctx.doc.id, before: { permission: before }, after: { permission } });
      }
      await setTeamGrant(trx, ctx.doc.id, ctx.owner.team_id!, grant);
      return buildSharePermissions(trx, ctx, DEFAULT_LIST, FIRST_PAGE);
    });
  });

  app.delete('/api/v1/share/:oid/organization-permission/', { schema: { params: OidParams, response: LIST_ANSWER } }, async (request) => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      ensure(ctx.permissions.decisions.collaborator_organization_remove);
      await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
      // Removing organisation access = can_view, can_comment and can_edit all false: the row is removed.
      const removed = await deleteTeamGrant(trx, ctx.doc.id);
      if (removed) {
        await recordSharingChange(trx, { action: 'team_permission_removed', actorId: user.id, at: config.now(), documentId: ctx.doc.id, before: { permission: teamLevelOf(removed) }, after: { permission: null } });
      }
      return buildSharePermissions(trx, ctx, DEFAULT_LIST, FIRST_PAGE);
    });
  });
}
