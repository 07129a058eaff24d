import { Type } from 'typebox';
import type {
  MyAccessRequest,
  MyAccessRequestResponse,
  PendingAccessRequestsResponse,
} from '@deck/shared/domains/access-requests/access-request-contract';
import { ACCESS_REQUEST_MESSAGE_MAX } from '@deck/shared/domains/access-requests/access-request-contract';
import { forbidden, notFound } from '../http/errors';
import { enqueueEmail } from '../mail/outbox';
import { renderAccessDecisionEmail, renderAccessRequestEmail, toEmailLocale } from '../mail/render';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, type DocumentContext } from '../services/documents';
import { enforceRateLimit } from '../services/rate-limits';
import { fullName, type CurrentUserRecord, type Db } from '../services/users';
import { Identifier, ensure, noStore, linkOrigin, requestLocale, requireUser, type App, type RouteDeps } from './common';
import { recordSharingChange } from '../services/activity-log';
import { closeAccessRequest, findPendingRequest, insertAccessRequest, lockPendingRequest, pendingRequests } from '../repositories/access-requests';
import { upsertAccountCollaborator } from '../repositories/collaborators';
import { userLocale } from '../repositories/users';
import { ACCESS_REQUEST_MESSAGES } from '../messages/access-requests';
import { ownsItsAddress } from '../permissions/identity';

const Permission = Type.Union([Type.Literal('viewer'), Type.Literal('commenter'), Type.Literal('editor')]);
const RequestParams = Type.Object({ oid: Identifier, requestId: Type.Integer({ minimum: 1 }) });
const RequestBody = Type.Object({ message: Type.Optional(Type.String({ maxLength: ACCESS_REQUEST_MESSAGE_MAX })) }, { additionalProperties: false });
const ApproveBody = Type.Object({ permission: Permission }, { additionalProperties: false });
const OidParams = Type.Object({ oid: Identifier });

/** The requester's pending request for the document, if any. */
async function pendingRequestOf(db: Db, documentId: number, requesterId: number): Promise<MyAccessRequest | null> {
  const row = await findPendingRequest(db, documentId, requesterId);
  return row ? { id: row.id, status: 'pending', message: row.message, created_at: new Date(row.created_at).toISOString() } : null;
}

async function pendingList(db: Db, documentId: number): Promise<PendingAccessRequestsResponse> {
  const rows = await pendingRequests(db, documentId);
  return {
    results: rows.map((r) => ({
      id: r.id,
      requester: { name: fullName(r), email: r.email },
      message: r.message,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * Spec §7 POST /presentation/{oid}/access-request/ and the owner's side of it. Whoever may manage
 * the document's collaborators (the owner and editors: `collaborator_individual_remove_others`) lists, approves
 * and denies; approving at a level also needs the right to add someone at that level.
 */
export function accessRequestRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  /** A live document for a signed-in user; unknown or in the trash: 404. */
  async function documentFor(trx: Db, oid: string, user: CurrentUserRecord, forUpdate: boolean): Promise<DocumentContext> {
    const ctx = await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate });
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return ctx;
  }

  /** The document for someone who manages its collaborators; others get 403 (or 404 when they cannot see it). */
  async function managedDocument(trx: Db, oid: string, user: CurrentUserRecord, forUpdate: boolean): Promise<DocumentContext> {
    const ctx = await documentFor(trx, oid, user, forUpdate);
    if (!ctx.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
    ensure(ctx.permissions.decisions.collaborator_individual_remove_others);
    return ctx;
  }

  app.get('/api/v4/presentation/:oid/access-request/', { schema: { params: OidParams } }, async (request, reply): Promise<MyAccessRequestResponse> => {
    noStore(reply);
    const user = requireUser(request);
    const ctx = await documentFor(db, request.params.oid, user, false);
    return { request: await pendingRequestOf(db, ctx.doc.id, user.id) };
  });

  app.post(
    '/api/v4/presentation/:oid/access-request/',
    { schema: { params: OidParams, body: RequestBody } },
    async (request, reply): Promise<MyAccessRequestResponse> => {
      const user = requireUser(request);
      if (!ownsItsAddress(user)) throw forbidden(coded(ACCESS_REQUEST_MESSAGES, 'unverifiedAddress'), 'EMAIL_UNVERIFIED');
      await enforceRateLimit(db, config, request, 'access-request');
      const message = request.body.message?.trim() || null;
      return db.transaction().execute(async (trx) => {
        const ctx = await documentFor(trx, request.params.oid, user, true);
        if (ctx.canView) throw forbidden(coded(ACCESS_REQUEST_MESSAGES, 'alreadyHasAccess'), 'ALREADY_HAS_ACCESS');
        // One pending request per user and document: asking again answers the one there is.
        const existing = await pendingRequestOf(trx, ctx.doc.id, user.id);
        if (existing) return { request: existing };
        const now = config.now();
        await insertAccessRequest(trx, { document_id: ctx.doc.id, requester_id: user.id, message, created_at: now });
        const owner = await userLocale(trx, ctx.owner.id);
        const mail = renderAccessRequestEmail({
          locale: toEmailLocale(owner.locale) ?? requestLocale(request),
          requester: fullName(user) || user.email,
          requesterEmail: user.email,
          title: ctx.doc.title,
          message,
          reviewUrl: `${linkOrigin(config, request)}/editor/${ctx.doc.oid}?share=access-requests`,
        });
        await enqueueEmail(trx, now, { ...mail, kind: 'access-request', to: ctx.owner.email });
        reply.code(201);
        return { request: await pendingRequestOf(trx, ctx.doc.id, user.id) };
      });
    },
  );

  app.get('/api/v4/presentation/:oid/access-requests/', { schema: { params: OidParams } }, async (request, reply): Promise<PendingAccessRequestsResponse> => {
    noStore(reply);
    const user = requireUser(request);
    const ctx = await managedDocument(db, request.params.oid, user, false);
    return pendingList(db, ctx.doc.id);
  });

  /** Closes a pending request with the decision and e-mails the requester, in the caller's transaction. */
  async function decide(
    trx: Db,
    request: Parameters<typeof linkOrigin>[1],
    ctx: DocumentContext,
    decider: CurrentUserRecord,
    requestId: number,
    permission: 'viewer' | 'commenter' | 'editor' | null,
  ): Promise<PendingAccessRequestsResponse> {
    const pending = await lockPendingRequest(trx, ctx.doc.id, requestId);
    if (!pending) throw notFound(coded(ACCESS_REQUEST_MESSAGES, 'requestNotFound'));
    const now = config.now();
    if (permission) {
      if (pending.user_id === ctx.owner.id) throw forbidden(coded(ACCESS_REQUEST_MESSAGES, 'requesterIsOwner'), 'NOT_POSSIBLE');
      await upsertAccountCollaborator(trx, { document_id: ctx.doc.id, user_id: pending.user_id, email: pending.email, permission, invited_by: decider.id, created_at: now });
    }
    await closeAccessRequest(trx, pending.id, permission, decider.id, now);
    await recordSharingChange(trx, {
      action: permission ? 'access_request_approved' : 'access_request_denied',
      actorId: decider.id,
      at: now,
      documentId: ctx.doc.id,
      subject: pending.email,
      before: { status: 'pending' },
      after: permission ? { status: 'approved', permission } : { status: 'denied' },
    });
    const common = { locale: toEmailLocale(pending.locale) ?? requestLocale(request), decider: fullName(decider) || decider.email, title: ctx.doc.title };
    const mail = permission
      ? renderAccessDecisionEmail({ ...common, approved: true, level: permission, documentUrl: `${linkOrigin(config, request)}/editor/${ctx.doc.oid}` })
      : renderAccessDecisionEmail({ ...common, approved: false });
    await enqueueEmail(trx, now, { ...mail, kind: permission ? 'access-approved' : 'access-denied', to: pending.email });
    return pendingList(trx, ctx.doc.id);
  }

  app.post(
    '/api/v4/presentation/:oid/access-requests/:requestId/approve/',
    { schema: { params: RequestParams, body: ApproveBody } },
    async (request): Promise<PendingAccessRequestsResponse> => {
      const user = requireUser(request);
      const { permission } = request.body;
      return db.transaction().execute(async (trx) => {
        const ctx = await managedDocument(trx, request.params.oid, user, true);
        ensure(ctx.permissions.decisions[`collaborator_individual_add_${permission}`]);
        return decide(trx, request, ctx, user, request.params.requestId, permission);
      });
    },
  );

  app.post(
    '/api/v4/presentation/:oid/access-requests/:requestId/deny/',
    { schema: { params: RequestParams } },
    async (request): Promise<PendingAccessRequestsResponse> => {
      const user = requireUser(request);
      return db.transaction().execute(async (trx) => {
        const ctx = await managedDocument(trx, request.params.oid, user, true);
        return decide(trx, request, ctx, user, request.params.requestId, null);
      });
    },
  );
}
