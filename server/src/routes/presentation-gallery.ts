import { Type } from 'typebox';
import { liveGrant } from '../services/live-grant';
import { sql } from 'kysely';
import type {
  BulkViewCountResponse,
  CuratedContent,
  CuratedTopicsResponse,
  QualityScoreResponse,
  RelatedDocumentsResponse,
  SentPresentation,
} from '@deck/shared/api/presentation-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { rank } from '../permissions/levels';
import { MESSAGES } from '../permissions/messages';
import { loadDocumentContext, viewUrl, type DocumentContext } from '../services/documents';
import { clientKey, rateLimitHook } from '../services/rate-limits';
import { countView } from '../services/view-counts';
import type { CurrentUserRecord, Db } from '../services/users';
import { RELATIONS_MAX, RELATION_PAGE_DEFAULT, RELATION_PAGE_MAX } from '@deck/shared/domains/presentation/presentation-limits';
import { Identifier, OidParams, noStore, linkOrigin, requireUser, type App, type RouteDeps } from './common';
import { ensureCanEdit, ensureCanView } from './presentation-admin';
import { GALLERY_MESSAGES } from '../messages/presentation-gallery';

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
function canCurate(ctx: DocumentContext, user: CurrentUserRecord): boolean {
  return ctx.level === 'owner' || (user.is_team_admin && user.team_id !== null && user.team_id === ctx.owner.team_id);
}

export function presentationGalleryRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  async function context(trx: Db, oid: string, user: CurrentUserRecord | null, forUpdate = false): Promise<DocumentContext> {
    const ctx = await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate });
    if (!ctx) throw notFound(MESSAGES.documentNotFound);
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
    const [mine, other] = direction === 'parent' ? (['r.child_id', 'r.parent_id'] as const) : (['r.parent_id', 'r.child_id'] as const);
    const limit = page.limit ?? RELATION_PAGE_DEFAULT;
    const offset = page.offset ?? 0;
    const rows = await trx
      .selectFrom('document_relations as r')
      .innerJoin('documents as d', 'd.id', other)
      .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.user_id', '=', user?.id ?? -1).on(liveGrant('c')))
      .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', user?.team_id ?? -1))
      .select(['d.oid', 'd.title', 'd.schema_version_name', 'd.owner_id', 'r.created_at'])
      .where(mine, '=', ctx.doc.id)
      .where('d.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('d.privacy', '=', 'open'),
          ...(user ? [eb('d.owner_id', '=', user.id), eb('c.id', 'is not', null), eb('tp.can_view', '=', true)] : []),
        ]),
      )
      .orderBy('r.created_at')
      .orderBy('d.id')
      // One more than the page: whether there is a next one.
      .limit(limit + 1)
      .offset(offset)
      .execute();
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
    if (request.params.oid === request.body.oid) throw badRequest(GALLERY_MESSAGES.relationSelf, 'VALIDATION_ERROR');
    const result = await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      const other = await context(trx, request.body.oid, user, true);
      const [parent, child] = direction === 'parent' ? [other, ctx] : [ctx, other];
      ensureCanEdit(child, GALLERY_MESSAGES.relationEdit);
      if (!parent.canView) throw forbidden(MESSAGES.noAccess, 'NOT_ALLOWED');
      if (rank(parent.level) < rank('can_edit') && !parent.doc.reusable) throw forbidden(MESSAGES.notReusable, 'NOT_ALLOWED');
      // The parent may not already descend from the child.
      const cycle = await sql<{ found: number }>`
        with recursive ancestors(id) as (
          select parent_id from document_relations where child_id = ${parent.doc.id}
          union select r.parent_id from document_relations r join ancestors a on r.child_id = a.id
        ) select 1 as found from ancestors where id = ${child.doc.id} limit 1`.execute(trx);
      if (cycle.rows.length > 0) throw badRequest(GALLERY_MESSAGES.relationCycle, 'INVALID_RELATION');
      // Both rows are locked (forUpdate above), so the counts hold until the insert.
      const counts = await sql<{ children: number; parents: number }>`
        select (select count(*)::int from document_relations where parent_id = ${parent.doc.id}) as children,
               (select count(*)::int from document_relations where child_id = ${child.doc.id}) as parents`.execute(trx);
      const { children, parents } = counts.rows[0];
      if (children >= RELATIONS_MAX || parents >= RELATIONS_MAX) {
        throw forbidden(GALLERY_MESSAGES.relationLimit.replaceAll('{max}', String(RELATIONS_MAX)), 'RELATION_LIMIT');
      }
      const inserted = await trx
        .insertInto('document_relations')
        .values({ parent_id: parent.doc.id, child_id: child.doc.id, created_by: user.id, created_at: config.now() })
        .onConflict((oc) => oc.columns(['parent_id', 'child_id']).doNothing())
        .returning('parent_id')
        .executeTakeFirst();
      return { created: !!inserted, list: await related(trx, ctx, direction, user) };
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
      if (!ctx.canView) throw forbidden(MESSAGES.noAccess, 'NOT_ALLOWED');
      if (rank(parent.level) < rank('can_edit') && rank(child.level) < rank('can_edit')) throw forbidden(GALLERY_MESSAGES.relationRemove, 'NOT_ALLOWED');
      const removed = await trx
        .deleteFrom('document_relations')
        .where('parent_id', '=', parent.doc.id)
        .where('child_id', '=', child.doc.id)
        .returning('parent_id')
        .executeTakeFirst();
      if (!removed) throw notFound(GALLERY_MESSAGES.relationNotFound);
      return related(trx, ctx, direction, user);
    });
  });

  // ---- Curated content ----
  async function curated(trx: Db, ctx: DocumentContext): Promise<CuratedContent> {
    const row = await trx
      .selectFrom('curated_content as cc')
      .innerJoin('curated_topics as t', 't.slug', 'cc.topic')
      .select(['cc.topic', 't.name', 'cc.note', 'cc.created_at'])
      .where('cc.document_id', '=', ctx.doc.id)
      .executeTakeFirst();
    if (!row) throw notFound(GALLERY_MESSAGES.curatedNotFound);
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
      if (!canCurate(ctx, user)) throw forbidden(ctx.canView ? GALLERY_MESSAGES.curateNotAllowed : MESSAGES.noAccess, 'NOT_ALLOWED');
      if (ctx.doc.privacy !== 'open' || !ctx.doc.published) throw forbidden(GALLERY_MESSAGES.curateNotPublished, 'NOT_POSSIBLE');
      const topic = await trx.selectFrom('curated_topics').select('slug').where('slug', '=', request.body.topic).executeTakeFirst();
      if (!topic) throw badRequest(GALLERY_MESSAGES.unknownTopic, 'VALIDATION_ERROR');
      const existed = await trx.selectFrom('curated_content').select('document_id').where('document_id', '=', ctx.doc.id).executeTakeFirst();
      const note = request.body.note?.trim() ?? '';
      await trx
        .insertInto('curated_content')
        .values({ document_id: ctx.doc.id, topic: topic.slug, note, curated_by: user.id, created_at: config.now() })
        .onConflict((oc) => oc.column('document_id').doUpdateSet({ topic: topic.slug, note, curated_by: user.id }))
        .execute();
      return { created: !existed, content: await curated(trx, ctx) };
    });
    return reply.code(result.created ? 201 : 200).send(result.content);
  });

  app.delete('/api/v4/presentation/:oid/curated-content/', { schema: { params: OidParams } }, async (request, reply) => {
    const user = requireUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await context(trx, request.params.oid, user, true);
      if (!canCurate(ctx, user)) throw forbidden(ctx.canView ? GALLERY_MESSAGES.curateNotAllowed : MESSAGES.noAccess, 'NOT_ALLOWED');
      const gone = await trx.deleteFrom('curated_content').where('document_id', '=', ctx.doc.id).returning('document_id').executeTakeFirst();
      if (!gone) throw notFound(GALLERY_MESSAGES.curatedNotFound);
    });
    return reply.code(204).send();
  });

  app.get('/api/v4/presentation/curated-topic/', async (): Promise<CuratedTopicsResponse> => {
    const rows = await db
      .selectFrom('curated_topics as t')
      .select((eb) => [
        't.slug',
        't.name',
        eb
          .selectFrom('curated_content as cc')
          .innerJoin('documents as d', 'd.id', 'cc.document_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('cc.topic', '=', 't.slug')
          .where('d.deleted_at', 'is', null)
          .where('d.privacy', '=', 'open')
          .where('d.published', '=', true)
          .as('count'),
      ])
      .orderBy('t.name')
      .execute();
    return { results: rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count ?? 0) })) };
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
        if (!ctx || !ctx.canView) throw notFound(MESSAGES.documentNotFound);
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
      ensureCanEdit(ctx, GALLERY_MESSAGES.scoreNotAllowed);
      const row = await trx
        .updateTable('documents')
        .set({ quality_score: request.body.quality_score })
        .where('id', '=', ctx.doc.id)
        .returning(['oid', 'quality_score'])
        .executeTakeFirstOrThrow();
      return { oid: row.oid, quality_score: Number(row.quality_score) };
    });
  });

  // ---- Sent documents: GET /presentation/sentprezi/{token}/ ----
  app.get(
    '/api/v4/presentation/sentprezi/:token/',
    { schema: { params: Type.Object({ token: Identifier }) } },
    async (request, reply): Promise<SentPresentation> => {
      noStore(reply);
      const doc = await db.selectFrom('documents').select('oid').where('view_token', '=', request.params.token).where('deleted_at', 'is', null).executeTakeFirst();
      const ctx = doc ? await loadDocumentContext(db, doc.oid, request.currentUser, ctxOpts) : null;
      // A token of a document the caller may not view answers like an unknown one: the token is not confirmed.
      if (!ctx || !ctx.canView) throw notFound(MESSAGES.documentNotFound);
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
