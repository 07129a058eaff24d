import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasLikeButton } from '@deck/shared/domains/like/likeable';
import type { LikeResponse, SchemaVersionName, ViewCountResponse } from '@deck/shared/api/contract';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { PRESENTATION_FIELDS, parseFields, projectFields } from '../http/fields';
import { privacyFlagKey } from '../permissions/flags';
import { MESSAGES, coded } from '../permissions/messages';
import { linkOpensFor } from './link-gate';
import type { ServerConfig } from '../config';
import {
  loadDocumentContext,
  serializeDocument,
  serializeUnifiedPrivacy,
  unifiedPrivacyJson,
  type DocumentContext,
} from '../services/documents';
import { setLike } from '../services/likes';
import { loadRequestContext } from '../http/session';
import { fullName, type Db } from '../services/users';
import { clientKey, rateLimitHook } from '../services/rate-limits';
import { countView } from '../services/view-counts';
import { BoolQuery, Identifier, OidParams, ensure, noStore, linkOrigin, parseBool, requireUser, sharingVersionSeen, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordSharingChange } from '../services/activity-log';
import { updateDocument } from '../repositories/documents';
import { findLinkGate, revokeUnlistedLink } from '../repositories/view-links';

const LinkKeyQuery = {
  auth_key: Type.Optional(Identifier),
  key_type: Type.Optional(Type.Literal('prezilink')),
};

const DetailQuery = Type.Object({
  include_user_permissions: Type.Optional(BoolQuery),
  fields: Type.Optional(Type.String({ maxLength: 500 })),
  ...LinkKeyQuery,
});

const PrivacyBody = Type.Object(
  {
    published: Type.Optional(Type.Boolean()),
    reusable: Type.Optional(Type.Boolean()),
    unified_privacy: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
  },
  { minProperties: 1, additionalProperties: false },
);

/** What Fastify sends an object as; for an answer already serialised. */
const JSON_TYPE = 'application/json; charset=utf-8';

const ViaLinkQuery = Type.Object({ auth_key: Identifier, key_type: Type.Literal('prezilink') });

/**
 * Resolves a view link that gives access now, for this request, to its document id (revoked, expired, closed
 * document, unknown, or protected and not unlocked in this browser: null).
 */
async function liveLinkDocument(db: Db, request: FastifyRequest, config: ServerConfig, linkId: string): Promise<number | null> {
  const link = await findLinkGate(db, linkId);
  return link && linkOpensFor(request, config, link) ? link.document_id : null;
}

/** Read access: the user may view the document, or holds a live view link to it. */
async function ensureCanRead(db: Db, config: ServerConfig, request: FastifyRequest, ctx: DocumentContext, authKey?: string): Promise<void> {
  if (ctx.canView) return;
  if (authKey) {
    const docId = await liveLinkDocument(db, request, config, authKey);
    if (docId === ctx.doc.id) return;
    throw forbidden(coded(MESSAGES, 'linkAuth'), 'NOT_ALLOWED');
  }
  if (!request.currentUser) throw unauthorized(coded(MESSAGES, 'signInRequired'));
  // A collaborator whose grant ended is told so, and by whom (only the owner sets an end), not that they lack access.
  if (ctx.grantEnded) throw forbidden(coded(MESSAGES, 'accessEnded', { owner: fullName(ctx.owner) || ctx.owner.email }), 'NOT_ALLOWED');
  throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
}

export function presentationRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  // The hot reads and likes read the session's user in their permission-context statement (one round trip).
  const sessionInStatement = { sessionInStatement: true };
  // Likes and views change only counters (http/read-cache.ts).
  const likeConfig = { sessionInStatement: true, countersOnly: true };

  app.get('/api/v4/presentation/:oid/', { schema: { params: OidParams, querystring: DetailQuery }, config: sessionInStatement }, async (request, reply) => {
    const ctx = await loadRequestContext(db, config, request, reply, request.params.oid, ctxOpts);
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    const fields = parseFields(request.query.fields, PRESENTATION_FIELDS);
    await ensureCanRead(db, config, request, ctx, request.query.auth_key);
    const doc = serializeDocument(ctx.doc, ctx.owner, {
      hasLiked: ctx.user ? ctx.hasLiked : undefined,
      level: ctx.level,
      includePermissions: parseBool(request.query.include_user_permissions, false),
    });
    return projectFields(doc, fields);
  });

  app.get(
    '/api/v4/presentation/:oid/unified-privacy/',
    { schema: { params: OidParams, querystring: Type.Object({ exclude_permissions: Type.Optional(BoolQuery) }) }, config: sessionInStatement },
    async (request, reply) => {
      noStore(reply);
      const ctx = await loadRequestContext(db, config, request, reply, request.params.oid, ctxOpts);
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      await ensureCanRead(db, config, request, ctx);
      return reply.type(JSON_TYPE).send(unifiedPrivacyJson(ctx, linkOrigin(config, request), !parseBool(request.query.exclude_permissions, false)));
    },
  );

  app.put(
    '/api/v4/presentation/:oid/unified-privacy/',
    { schema: { params: OidParams, body: PrivacyBody, querystring: Type.Object({ exclude_permissions: Type.Optional(BoolQuery) }) } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return db.transaction().execute(async (trx) => {
        const ctx = await loadDocumentContext(trx, request.params.oid, user, { ...ctxOpts, forUpdate: true });
        if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
        await ensureCanRead(trx, config, request, ctx);
        const privacy = body.unified_privacy ?? ctx.doc.privacy;
        // Publishing needs 'Anyone with the link can view': moving to closed unpublishes unless asked otherwise.
        const published = body.published ?? (privacy === 'closed' ? false : ctx.doc.published);
        const reusable = body.reusable ?? ctx.doc.reusable;
        const key = privacyFlagKey({ privacy, published, reusable });
        const decision = ctx.permissions.decisions[key];
        ensure(decision);
        if (decision.value === 'ALLOWED_BUT_NO_EFFECT') return serializeUnifiedPrivacy(ctx, linkOrigin(config, request), !parseBool(request.query.exclude_permissions, false));
        await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
        const was = { privacy: ctx.doc.privacy, published: ctx.doc.published, reusable: ctx.doc.reusable };
        if (was.privacy !== privacy || was.published !== published || was.reusable !== reusable) {
          await recordSharingChange(trx, { action: 'privacy_changed', actorId: user.id, at: config.now(), documentId: ctx.doc.id, before: was, after: { privacy, published, reusable } });
        }
        await updateDocument(trx, ctx.doc.id, { privacy, published, reusable, modified_at: config.now() });
        if (privacy === 'closed' && ctx.doc.privacy !== 'closed') {
          // Closing cuts the unlisted link for good: reopening needs a new one (docs/decisions.md).
          await revokeUnlistedLink(trx, ctx.doc.id);
        }
        const fresh = await loadDocumentContext(trx, ctx.doc.oid, user, ctxOpts);
        return serializeUnifiedPrivacy(fresh!, linkOrigin(config, request), !parseBool(request.query.exclude_permissions, false));
      });
    },
  );

  // ---- Likes ----
  async function like(request: FastifyRequest, reply: FastifyReply, documentId: number | null, oid: string | null, add: boolean): Promise<LikeResponse> {
    // A like needs the user's level (read access), not the document's link counts or the user's like: the lean context.
    const ctx = await loadRequestContext(db, config, request, reply, oid ?? '', { ...ctxOpts, documentId: documentId ?? undefined, collaboratorsOnly: true });
    const user = requireUser(request, coded(MESSAGES, 'likeSignIn'));
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    if (documentId === null) await ensureCanRead(db, config, request, ctx);
    // The button is hidden on designs and timelines (spec §1); the API refuses them too, after the read
    // check so the refusal tells nothing about a document the caller cannot see.
    if (!hasLikeButton(ctx.doc.schema_version_name as SchemaVersionName)) throw badRequest(coded(MESSAGES, 'notLikeable'), 'NOT_LIKEABLE');
    // No transaction: setLike is one atomic statement, and read access was just checked.
    const count = await setLike(db, ctx.doc.id, user.id, add);
    if (count === null) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return { oid: ctx.doc.oid, likes_count: count, has_liked: add };
  }

  async function linkDocument(request: FastifyRequest, authKey: string): Promise<number> {
    const docId = await liveLinkDocument(db, request, config, authKey);
    if (docId === null) throw notFound(coded(MESSAGES, 'linkNotFound'));
    return docId;
  }

  app.put('/api/v4/presentation/like/', { schema: { querystring: ViaLinkQuery }, config: { countersOnly: true } }, async (request, reply) =>
    like(request, reply, await linkDocument(request, request.query.auth_key), null, true),
  );
  app.delete('/api/v4/presentation/like/', { schema: { querystring: ViaLinkQuery }, config: { countersOnly: true } }, async (request, reply) =>
    like(request, reply, await linkDocument(request, request.query.auth_key), null, false),
  );
  app.put('/api/v4/presentation/:oid/like/', { schema: { params: OidParams }, config: likeConfig }, async (request, reply) =>
    like(request, reply, null, request.params.oid, true),
  );
  app.delete('/api/v4/presentation/:oid/like/', { schema: { params: OidParams }, config: likeConfig }, async (request, reply) =>
    like(request, reply, null, request.params.oid, false),
  );

  app.put(
    '/api/v4/presentation/:oid/view-count/',
    { schema: { params: OidParams, querystring: Type.Object(LinkKeyQuery) }, preHandler: rateLimitHook(db, config, 'view-count'), config: { countersOnly: true } },
    async (request): Promise<ViewCountResponse> => {
      const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      await ensureCanRead(db, config, request, ctx, request.query.auth_key);
      return countView(db, config, clientKey(request), ctx.doc);
    },
  );
}
