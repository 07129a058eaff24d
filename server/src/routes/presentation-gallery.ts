import { Type } from 'typebox';
import { sql } from 'kysely';
import type {
  BulkViewCountResponse,
  CuratedContent,
  CuratedTopicsResponse,
  QualityScoreResponse,
  RelatedDocumentsResponse,
  SentPresentation,
} from '../../../shared/src/api/presentation-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { rank } from '../permissions';
import { MESSAGES } from '../permissions/messages';
import { loadDocumentContext, viewUrl, type DocumentContext } from '../services/documents';
import { clientKey, rateLimitHook } from '../services/rate-limits';
import { countView } from '../services/view-counts';
import type { CurrentUserRecord, Db } from '../services/users';
import { Identifier, OidParams, noStore, linkOrigin, requireUser, type App, type RouteDeps } from './common';
import { ensureCanEdit, ensureCanView } from './presentation-admin';

/** Refusals of the relation, curation and score routes (the spec gives 'Curated content not found'). */
export const GALLERY_MESSAGES = {
  curatedNotFound: 'Curated content not found',
  curateNotAllowed: "Only the document's owner or an admin of the owner's team can curate it",
  curateNotPublished: 'Only documents in the public gallery (published, anyone with the link can view) can be curated',
  unknownTopic: 'Unknown curated topic.',
  relationEdit: 'Only the owner or an editor can change the relations of this document',
  relationSelf: 'A document cannot be related to itself.',
  relationCycle: 'This relation would make a document its own ancestor.',
  scoreNotAllowed: 'Only the owner or an editor can set the quality score',
} as const;

type Direction = 'parent' | 'child';
const DirectionParams = Type.Object({ oid: Identifier, direction: Type.Union([Type.Literal('parent'), Type.Literal('child')]) });
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

  /** Related documents the caller may view (others are left out, not even counted). */
  async function related(trx: Db, ctx: DocumentContext, direction: Direction, user: CurrentUserRecord | null): Promise<RelatedDocumentsResponse> {
    const [mine, other] = direction === 'parent' ? (['r.child_id', 'r.parent_id'] as const) : (['r.parent_id', 'r.child_id'] as const);
    const rows = await trx
      .selectFrom('document_relations as r')
      .innerJoin('documents as d', 'd.id', other)
      .select(['d.oid', 'r.created_at'])
      .where(mine, '=', ctx.doc.id)
      .where('d.deleted_at', 'is', null)
      .orderBy('r.created_at')
      .orderBy('d.id')
      .execute();
    const results = [];
    for (const row of rows) {
      const rel = await loadDocumentContext(trx, row.oid, user, ctxOpts);
      if (!rel || !rel.canView) continue;
      results.push({ oid: rel.doc.oid, title: rel.doc.title, schema_version_name: rel.doc.schema_version_name as never, owner_id: rel.doc.owner_id, related_at: iso(row.created_at) });
    }
    return { results };
  }

  // ---- Relations: GET/POST /presentation/{oid}/relation/parent/ and …/relation/child/ ----
  app.get('/api/v4/presentation/:oid/relation/:direction/', { schema: { params: DirectionParams } }, async (request, reply) => {
    noStore(reply);
    const ctx = await context(db, request.params.oid, request.currentUser);
    ensureCanView(request, ctx);
    return related(db, ctx, request.params.direction, request.currentUser);
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
