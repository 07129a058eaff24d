import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { LikeResponse, PresentationDocument, ViewCountResponse } from '../../../shared/src/api/contract';
import { HttpError, forbidden, notFound, unauthorized } from '../http/errors';
import { PRESENTATION_FIELDS, parseFields, projectFields } from '../http/fields';
import { effectiveLevel, privacyFlagKey } from '../permissions';
import { MESSAGES } from '../permissions/messages';
import { viewLinkGrantsAccess } from '../permissions/view-link-access';
import {
  loadDocumentContext,
  serializeDocument,
  serializeUnifiedPrivacy,
  type DocumentContext,
} from '../services/documents';
import { setLike } from '../services/likes';
import type { Db } from '../services/users';
import { clientKey, countHit, rateLimitHook } from '../services/rate-limits';
import { BoolQuery, Identifier, OidParams, ensure, noStore, origin, parseBool, requireUser, type App, type RouteDeps } from './common';

const ListQuery = Type.Object({
  owner_id: Type.Optional(Type.Integer({ minimum: 1 })),
  oid: Type.Optional(Identifier),
  privacy: Type.Optional(Type.Union(['open', 'closed', 'public', 'hidden', 'private'].map((v) => Type.Literal(v)))),
  mine: Type.Optional(BoolQuery),
  shared: Type.Optional(BoolQuery),
  ordering: Type.Optional(
    Type.Union(['title', '-title', 'modified_at', '-modified_at', 'created_at', '-created_at', 'view_count', '-view_count'].map((v) => Type.Literal(v))),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  title__icontains: Type.Optional(Type.String({ maxLength: 200 })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  include_user_permissions: Type.Optional(BoolQuery),
});

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

const ViaLinkQuery = Type.Object({ auth_key: Identifier, key_type: Type.Literal('prezilink') });

/** Resolves a view link that gives access now to its document id (revoked, closed document or unknown: null). */
async function liveLinkDocument(db: Db, linkId: string): Promise<number | null> {
  const link = await db
    .selectFrom('view_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['l.document_id', 'l.revoked', 'd.privacy'])
    .where('l.link_id', '=', linkId)
    .executeTakeFirst();
  return link && viewLinkGrantsAccess(link, link) ? link.document_id : null;
}

/** Read access: the user may view the document, or holds a live view link to it. */
async function ensureCanRead(db: Db, request: FastifyRequest, ctx: DocumentContext, authKey?: string): Promise<void> {
  if (ctx.canView) return;
  if (authKey) {
    const docId = await liveLinkDocument(db, authKey);
    if (docId === ctx.doc.id) return;
    throw forbidden(MESSAGES.linkAuth, 'NOT_ALLOWED');
  }
  if (!request.currentUser) throw unauthorized(MESSAGES.signInRequired);
  throw forbidden(MESSAGES.noAccess, 'NOT_ALLOWED');
}

export function presentationRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  const list = async (request: FastifyRequest<{ Querystring: Static<typeof ListQuery> }>) => {
    const user = requireUser(request);
    const q = request.query;
    let base = db
      .selectFrom('documents as d')
      .innerJoin('users as o', 'o.id', 'd.owner_id')
      .where('d.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('d.owner_id', '=', user.id),
          eb.exists(
            eb.selectFrom('collaborators as c').select('c.id').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', user.id),
          ),
          ...(user.team_id !== null
            ? [
                eb.exists(
                  eb
                    .selectFrom('document_team_permissions as tp')
                    .select('tp.document_id')
                    .whereRef('tp.document_id', '=', 'd.id')
                    .where('tp.team_id', '=', user.team_id)
                    .where('tp.can_view', '=', true),
                ),
              ]
            : []),
        ]),
      );
    if (q.owner_id !== undefined) base = base.where('d.owner_id', '=', q.owner_id);
    if (q.oid !== undefined) base = base.where('d.oid', '=', q.oid);
    if (q.privacy === 'open' || q.privacy === 'closed') base = base.where('d.privacy', '=', q.privacy);
    if (q.privacy === 'public') base = base.where('d.privacy', '=', 'open').where('d.published', '=', true);
    if (q.privacy === 'hidden') base = base.where('d.privacy', '=', 'open').where('d.published', '=', false);
    if (q.privacy === 'private') base = base.where('d.privacy', '=', 'closed');
    if (parseBool(q.mine, false)) base = base.where('d.owner_id', '=', user.id);
    if (parseBool(q.shared, false)) base = base.where('d.owner_id', '<>', user.id);
    if (q.title__icontains) {
      const pattern = `%${q.title__icontains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where('d.title', 'ilike', pattern);
    }
    if (q.tag) base = base.where(sql<boolean>`d.tags @> ${JSON.stringify([{ text: q.tag }])}::jsonb`);

    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const ordering = q.ordering ?? '-modified_at';
    const column = ordering.replace(/^-/, '') as 'title' | 'modified_at' | 'created_at' | 'view_count';
    const rows = await base
      .selectAll('d')
      .select([
        'o.username as o_username', 'o.first_name as o_first_name', 'o.last_name as o_last_name', 'o.oid as o_oid',
        'o.email as o_email', 'o.team_id as o_team_id',
        (eb) =>
          eb.selectFrom('collaborators as c').select('c.permission').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', user.id).as('my_permission'),
        (eb) =>
          eb.selectFrom('document_team_permissions as tp').select('tp.can_view').whereRef('tp.document_id', '=', 'd.id').where('tp.team_id', '=', user.team_id ?? -1).as('team_view'),
        (eb) =>
          eb.selectFrom('document_team_permissions as tp').select('tp.can_comment').whereRef('tp.document_id', '=', 'd.id').where('tp.team_id', '=', user.team_id ?? -1).as('team_comment'),
        (eb) =>
          eb.selectFrom('document_team_permissions as tp').select('tp.can_edit').whereRef('tp.document_id', '=', 'd.id').where('tp.team_id', '=', user.team_id ?? -1).as('team_edit'),
        (eb) => eb.exists(eb.selectFrom('likes as l').select('l.user_id').whereRef('l.document_id', '=', 'd.id').where('l.user_id', '=', user.id)).as('liked'),
      ])
      .orderBy(`d.${column}`, ordering.startsWith('-') ? 'desc' : 'asc')
      .orderBy('d.id', 'asc')
      .offset(q.offset ?? 0)
      .limit(q.limit ?? 20)
      .execute();
    const includePermissions = parseBool(q.include_user_permissions, false);
    const results: PresentationDocument[] = rows.map((r) => {
      const level = effectiveLevel({
        isOwner: r.owner_id === user.id,
        individual: r.my_permission ?? null,
        teamGrant: r.team_view === null || r.team_view === undefined ? null : { can_view: !!r.team_view, can_comment: !!r.team_comment, can_edit: !!r.team_edit },
      });
      return serializeDocument(
        r,
        { id: r.owner_id, oid: r.o_oid, username: r.o_username, first_name: r.o_first_name, last_name: r.o_last_name, email: r.o_email, team_id: r.o_team_id },
        { hasLiked: !!r.liked, level, includePermissions },
      );
    });
    return { count: Number(n), results };
  };
  app.get('/api/v4/presentation/', { schema: { querystring: ListQuery } }, list);
  app.get('/api/v4/presentation/list/', { schema: { querystring: ListQuery } }, list);

  app.get('/api/v4/presentation/:oid/', { schema: { params: OidParams, querystring: DetailQuery } }, async (request) => {
    const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
    if (!ctx) throw notFound(MESSAGES.documentNotFound);
    const fields = parseFields(request.query.fields, PRESENTATION_FIELDS);
    await ensureCanRead(db, request, ctx, request.query.auth_key);
    const doc = serializeDocument(ctx.doc, ctx.owner, {
      hasLiked: ctx.user ? ctx.hasLiked : undefined,
      level: ctx.level,
      includePermissions: parseBool(request.query.include_user_permissions, false),
    });
    return projectFields(doc, fields);
  });

  app.get(
    '/api/v4/presentation/:oid/unified-privacy/',
    { schema: { params: OidParams, querystring: Type.Object({ exclude_permissions: Type.Optional(BoolQuery) }) } },
    async (request, reply) => {
      noStore(reply);
      const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
      if (!ctx) throw notFound(MESSAGES.documentNotFound);
      await ensureCanRead(db, request, ctx);
      return serializeUnifiedPrivacy(ctx, origin(request), !parseBool(request.query.exclude_permissions, false));
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
        if (!ctx) throw notFound(MESSAGES.documentNotFound);
        await ensureCanRead(trx, request, ctx);
        const privacy = body.unified_privacy ?? ctx.doc.privacy;
        // Publishing needs 'Anyone with the link can view': moving to closed unpublishes unless asked otherwise.
        const published = body.published ?? (privacy === 'closed' ? false : ctx.doc.published);
        const reusable = body.reusable ?? ctx.doc.reusable;
        const key = privacyFlagKey({ privacy, published, reusable });
        const decision = ctx.permissions.decisions[key];
        ensure(decision);
        if (decision.value === 'ALLOWED_BUT_NO_EFFECT') return serializeUnifiedPrivacy(ctx, origin(request), !parseBool(request.query.exclude_permissions, false));
        await trx
          .updateTable('documents')
          .set({ privacy, published, reusable, modified_at: config.now() })
          .where('id', '=', ctx.doc.id)
          .execute();
        if (privacy === 'closed' && ctx.doc.privacy !== 'closed') {
          // Closing cuts the unlisted link for good: reopening needs a new one (docs/decisions.md).
          await trx
            .updateTable('view_links')
            .set({ revoked: true })
            .where('document_id', '=', ctx.doc.id)
            .where('is_unlisted', '=', true)
            .where('revoked', '=', false)
            .execute();
        }
        const fresh = await loadDocumentContext(trx, ctx.doc.oid, user, ctxOpts);
        return serializeUnifiedPrivacy(fresh!, origin(request), !parseBool(request.query.exclude_permissions, false));
      });
    },
  );

  // ---- Likes ----
  async function like(request: FastifyRequest, documentId: number | null, oid: string | null, add: boolean): Promise<LikeResponse> {
    const user = requireUser(request, MESSAGES.likeSignIn);
    const ctx = await loadDocumentContext(db, oid ?? '', user, { ...ctxOpts, documentId: documentId ?? undefined });
    if (!ctx) throw notFound(MESSAGES.documentNotFound);
    if (documentId === null) await ensureCanRead(db, request, ctx);
    // No transaction: setLike is one atomic statement, and read access was just checked.
    const count = await setLike(db, ctx.doc.id, user.id, add);
    if (count === null) throw notFound(MESSAGES.documentNotFound);
    return { oid: ctx.doc.oid, likes_count: count, has_liked: add };
  }

  async function linkDocument(authKey: string): Promise<number> {
    const docId = await liveLinkDocument(db, authKey);
    if (docId === null) throw notFound(MESSAGES.linkNotFound);
    return docId;
  }

  app.put('/api/v4/presentation/like/', { schema: { querystring: ViaLinkQuery } }, async (request) =>
    like(request, await linkDocument(request.query.auth_key), null, true),
  );
  app.delete('/api/v4/presentation/like/', { schema: { querystring: ViaLinkQuery } }, async (request) =>
    like(request, await linkDocument(request.query.auth_key), null, false),
  );
  app.put('/api/v4/presentation/:oid/like/', { schema: { params: OidParams } }, async (request) => like(request, null, request.params.oid, true));
  app.delete('/api/v4/presentation/:oid/like/', { schema: { params: OidParams } }, async (request) => like(request, null, request.params.oid, false));

  app.put(
    '/api/v4/presentation/:oid/view-count/',
    { schema: { params: OidParams, querystring: Type.Object(LinkKeyQuery) }, preHandler: rateLimitHook(db, config, 'view-count') },
    async (request): Promise<ViewCountResponse> => {
      const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
      if (!ctx) throw notFound(MESSAGES.documentNotFound);
      await ensureCanRead(db, request, ctx, request.query.auth_key);
      // One counted view per viewer (user, else client address) per document per window.
      const { hits } = await countHit(db, `view:${ctx.doc.id}`, clientKey(request), { max: 1, windowSeconds: config.viewCountWindowSeconds }, config.now());
      if (hits > 1) return { oid: ctx.doc.oid, view_count: ctx.doc.view_count };
      const row = await db
        .updateTable('documents')
        .set({ view_count: sql`view_count + 1` })
        .where('id', '=', ctx.doc.id)
        .returning(['oid', 'view_count'])
        .executeTakeFirstOrThrow();
      return { oid: row.oid, view_count: row.view_count };
    },
  );
  void HttpError;
}
