import { Type } from 'typebox';
import type {
  BulkViewCountResponse,
  CuratedContent,
  CuratedTopicsResponse,
  QualityScoreResponse,
  RelatedDocumentsResponse,
  SentPresentation,
} from '@deck/shared/api/presentation-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { isOwnerOrOwnerTeamAdmin, mayRemoveRelation, mayReuseAsParent } from '../permissions/document-rules';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, viewUrl, type DocumentContext } from '../services/documents';
import { clientKey, rateLimitHook } from '../services/rate-limits';
import { countView } from '../services/view-counts';
import type { CurrentUserRecord, Db } from '../services/users';
import { RELATIONS_MAX, RELATION_PAGE_DEFAULT, RELATION_PAGE_MAX } from '@deck/shared/domains/presentation/presentation-limits';
import { Identifier, OidParams, noStore, linkOrigin, requireUser, type App, type RouteDeps } from './common';
import { ensureCanEdit, ensureCanView } from './presentation-admin';
import { GALLERY_MESSAGES } from '../messages/presentation-gallery';
import { curate, curatedTopics, deleteRelation, descendsFrom, findCuratedContent, findCuratedTopic, insertRelation, relationCounts, uncurate, visibleRelatives } from '../repositories/gallery';
import { findDocumentByViewToken, setQualityScore } from '../repositories/documents';

type Direction = 'parent' | 'child';
const DirectionParams = Type.Object({ oid: Identifier, direction: Type.Union([Type.Literal('parent'), Type.Literal('child')]) });
const RelationPage = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RELATION_PAGE_MAX })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: RELATIONS_MAX })),
});
const RelationBody = Type.Object({ oid: Identifier }, { additionalProperties: false });
const CurateBody = Type.Object(
  { topic: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' }), note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
const BulkViewBody = Type.Object(
  { oids: Type.Array(Identifier, { minItems: 1, maxItems: 50, uniqueItems: true }) },
  { additionalProperties: false },
);
const ScoreBody = Type.Object({ oid: Identifier, quality_score: Type.Number({ minimum: 0, maximum: 100 }) }, { additionalProperties: false });

function iso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

/** Curators: the owner, or an admin of the owner's team. */
const canCurate = isOwnerOrOwnerTeamAdmin;

export function presentationGalleryRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  async function context(trx: Db, oid: string, user: CurrentUserRecord | null, forUpdate = false): Promise<DocumentContext> {
    const ctx = await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate });
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return ctx;
  }

  /**
   * One page of the related documents the caller may view (others are left out, not even counted), in one
   * statement whatever the page's size: a relative is visible when it is open, or the caller owns it, collaborates
   * on it, or their team is granted it (the permission context's rule for viewing).
   */
  async function related(
    trx: Db,
    ctx: DocumentContext,
    direction: Direction,
    user: CurrentUserRecord | null,
    page: { limit?: number; offset?: number } = {},
  ): Promise<RelatedDocumentsResponse> {
    const limit = page.limit ?? RELATION_PAGE_DEFAULT;
    const offset = page.offset ?? 0;
    // One more than the page: whether there is a next one.
    const rows = await visibleRelatives(trx, ctx.doc.id, direction, user, limit + 1, offset);
    const results = rows.slice(0, limit).map((row) => ({
      oid: row.oid,
      title: row.title,
      schema_version_name: row.schema_version_name as never,
      owner_id: row.owner_id,
      related_at: iso(row.created_at),
    }));
    return { results, next_offset: rows.length > limit ? offset + limit : null };
  }

  // ---- Relations: GET/POST /presentation/{oid}/relation/parent/ and …/relation/child/ ----
  app.get('/api/v4/presentation/:oid/relation/:direction/', { schema: { params: DirectionParams, querystring: RelationPage } }, async (request, reply) => {
    noStore(reply);
    const ctx = await context(db, request.params.oid, request.currentUser);
    ensureCanView(request, ctx);
    return related(db, ctx, request.params.direction, request.currentUser, request.query);
  });

  /**
   * Relates two documents: the child must be one the caller edits; the parent one they may view and, unless they
   * edit it too, one that is reusable (spec §6: non-reusable shared documents cannot be reused by recipients).
   */
  app.post('/api/v4/presentation/:oid/relation/:direction/', { schema: { params: DirectionParams, body: RelationBody } }, async (request, reply) => {
    const user = requireUser(request);
    const { direction } = request.params;
    if (request.params.oid === request.body.oid) throw badRequest(coded(GALLERY_MESSAGES, 'relationSelf'), 'VALIDATION_ERROR');
    const result = await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      const other = await context(trx, request.body.oid, user, true);
      const [parent, child] = direction === 'parent' ? [other, ctx] : [ctx, other];
      ensureCanEdit(child, coded(GALLERY_MESSAGES, 'relationEdit'));
      if (!parent.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      if (!mayReuseAsParent(parent)) throw forbidden(coded(MESSAGES, 'notReusable'), 'NOT_ALLOWED');
      // The parent may not already descend from the child.
      if (await descendsFrom(trx, parent.doc.id, child.doc.id)) throw badRequest(coded(GALLERY_MESSAGES, 'relationCycle'), 'INVALID_RELATION');
      // Both rows are locked (forUpdate above), so the counts hold until the insert.
      const { children, parents } = await relationCounts(trx, parent.doc.id, child.doc.id);
      if (children >= RELATIONS_MAX || parents >= RELATIONS_MAX) {
        throw forbidden(coded(GALLERY_MESSAGES, 'relationLimit', { max: String(RELATIONS_MAX) }), 'RELATION_LIMIT');
      }
      const created = await insertRelation(trx, { parent_id: parent.doc.id, child_id: child.doc.id, created_by: user.id, created_at: config.now() });
      return { created, list: await related(trx, ctx, direction, user) };
    });
    return reply.code(result.created ? 201 : 200).send(result.list);
  });

  /**
   * Removes a relation: whoever edits either document may, so the owner of a public document can take away a
   * child someone else attached to it (and the child's editors can detach it). Answers the first page of the
   * list as it is now.
   */
  app.delete('/api/v4/presentation/:oid/relation/:direction/', { schema: { params: DirectionParams, body: RelationBody } }, async (request) => {
    const user = requireUser(request);
    const { direction } = request.params;
    return db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      const other = await context(trx, request.body.oid, user, true);
      const [parent, child] = direction === 'parent' ? [other, ctx] : [ctx, other];
      if (!ctx.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      if (!mayRemoveRelation(parent, child)) throw forbidden(coded(GALLERY_MESSAGES, 'relationRemove'), 'NOT_ALLOWED');
      if (!(await deleteRelation(trx, parent.doc.id, child.doc.id))) throw notFound(coded(GALLERY_MESSAGES, 'relationNotFound'));
      return related(trx, ctx, direction, user);
    });
  });

  // ---- Curated content ----
  async function curated(trx: Db, ctx: DocumentContext): Promise<CuratedContent> {
    const row = await findCuratedContent(trx, ctx.doc.id);
    if (!row) throw notFound(coded(GALLERY_MESSAGES, 'curatedNotFound'));
    return { oid: ctx.doc.oid, topic: row.topic, topic_name: row.name, note: row.note, created_at: iso(row.created_at) };
  }

  app.get('/api/v4/presentation/:oid/curated-content/', { schema: { params: OidParams } }, async (request) => {
    const ctx = await context(db, request.params.oid, request.currentUser);
    ensureCanView(request, ctx);
    return curated(db, ctx);
  });

  app.post('/api/v4/presentation/:oid/curated-content/', { schema: { params: OidParams, body: CurateBody } }, async (request, reply) => {
    const user = requireUser(request);
    const result = await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      if (!canCurate(ctx, user)) throw forbidden(ctx.canView ? coded(GALLERY_MESSAGES, 'curateNotAllowed') : coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      if (ctx.doc.privacy !== 'open' || !ctx.doc.published) throw forbidden(coded(GALLERY_MESSAGES, 'curateNotPublished'), 'NOT_POSSIBLE');
      const topic = await findCuratedTopic(trx, request.body.topic);
      if (!topic) throw badRequest(coded(GALLERY_MESSAGES, 'unknownTopic'), 'VALIDATION_ERROR');
      const note = request.body.note?.trim() ?? '';
      const created = await curate(trx, { document_id: ctx.doc.id, topic: topic.slug, note, curated_by: user.id, created_at: config.now() });
      return { created, content: await curated(trx, ctx) };
    });
    return reply.code(result.created ? 201 : 200).send(result.content);
  });

  app.delete('/api/v4/presentation/:oid/curated-content/', { schema: { params: OidParams } }, async (request, reply) => {
    const user = requireUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      if (!canCurate(ctx, user)) throw forbidden(ctx.canView ? coded(GALLERY_MESSAGES, 'curateNotAllowed') : coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      if (!(await uncurate(trx, ctx.doc.id))) throw notFound(coded(GALLERY_MESSAGES, 'curatedNotFound'));
    });
    return reply.code(204).send();
  });

  app.get('/api/v4/presentation/curated-topic/', async (): Promise<CuratedTopicsResponse> => {
    return { results: await curatedTopics(db) };
  });

  // ---- Bulk view count (PUT /presentation/view-count/) ----
  app.put(
    '/api/v4/presentation/view-count/',
    { schema: { body: BulkViewBody }, preHandler: rateLimitHook(db, config, 'view-count') },
    async (request): Promise<BulkViewCountResponse> => {
      // All or nothing: one document the caller may not view refuses the whole call, like a missing one.
      const contexts: DocumentContext[] = [];
      for (const oid of request.body.oids) {
        const ctx = await loadDocumentContext(db, oid, request.currentUser, ctxOpts);
        if (!ctx || !ctx.canView) throw notFound(coded(MESSAGES, 'documentNotFound'));
        contexts.push(ctx);
      }
      const results = [];
      for (const ctx of contexts) {
        results.push(await countView(db, config, clientKey(request), ctx.doc));
      }
      return { results };
    },
  );

  // ---- Quality score ----
  app.put('/api/v4/presentation/quality-score-v2/', { schema: { body: ScoreBody } }, async (request): Promise<QualityScoreResponse> => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.body.oid, user, true);
      ensureCanEdit(ctx, coded(GALLERY_MESSAGES, 'scoreNotAllowed'));
      const row = await setQualityScore(trx, ctx.doc.id, request.body.quality_score);
      return { oid: row.oid, quality_score: Number(row.quality_score) };
    });
  });

  // ---- Sent documents: GET /presentation/sentprezi/{token}/ ----
  app.get(
    '/api/v4/presentation/sentprezi/:token/',
    { schema: { params: Type.Object({ token: Identifier }) } },
    async (request, reply): Promise<SentPresentation> => {
      noStore(reply);
      const doc = await findDocumentByViewToken(db, request.params.token);
      const ctx = doc ? await loadDocumentContext(db, doc.oid, request.currentUser, ctxOpts) : null;
      // A token of a document the caller may not view answers like an unknown one: the token is not confirmed.
      if (!ctx || !ctx.canView) throw notFound(coded(MESSAGES, 'documentNotFound'));
      return {
        oid: ctx.doc.oid,
        title: ctx.doc.title,
        schema_version_name: ctx.doc.schema_version_name as SentPresentation['schema_version_name'],
        owner: { username: ctx.owner.username, firstName: ctx.owner.first_name, lastName: ctx.owner.last_name },
        view_url: viewUrl(linkOrigin(config, request), ctx.doc),
      };
    },
  );
}
