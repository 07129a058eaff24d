import { Type, type Static } from 'typebox';
import { liveGrant } from '../services/live-grant';
import { sql, type RawBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type {
  DocumentDetailedCount,
  PresentationDocument,
  PresentationList,
  UserStatistics,
} from '@deck/shared/api/contract';
import { PRESENTATION_ORDERINGS, type PresentationOrdering } from '@deck/shared/api/contract';
import { badRequest } from '../http/errors';
import { PRESENTATION_FIELDS, parseFields, projectFields } from '../http/fields';
import { effectiveLevel } from '../permissions/levels';
import { serializeDocument } from '../services/documents';
import type { CurrentUserRecord } from '../services/users';
import { BoolQuery, Identifier, noStore, parseBool, requireUser, type App, type RouteDeps } from './common';

/**
 * The dashboard's reads: the document list with its filters (spec §7), and the counts.
 * Every query starts from the user's own rows (owner, collaborator, team grant), each on an index, so a
 * list never reads the documents table whole (server/src/test/dashboard-indexes.test.ts).
 */

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;

const ListQuery = Type.Object({
  owner_id: Type.Optional(Type.Integer({ minimum: 1 })),
  oid: Type.Optional(Identifier),
  privacy: Type.Optional(Type.Union(['open', 'closed', 'public', 'hidden', 'private'].map((v) => Type.Literal(v)))),
  mine: Type.Optional(BoolQuery),
  shared: Type.Optional(BoolQuery),
  // Checked in the handler so the 400 can list the accepted values.
  ordering: Type.Optional(Type.String({ maxLength: 40 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX_LIMIT })),
  fields: Type.Optional(Type.String({ maxLength: 500 })),
  title__icontains: Type.Optional(Type.String({ maxLength: 200 })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  include_user_permissions: Type.Optional(BoolQuery),
});
type ListQuery = Static<typeof ListQuery>;

export function parseOrdering(value: string | undefined): PresentationOrdering {
  if (value === undefined || value === '') return '-modified_at';
  if ((PRESENTATION_ORDERINGS as readonly string[]).includes(value)) return value as PresentationOrdering;
  throw badRequest(`Unknown ordering "${value}". Use one of: ${PRESENTATION_ORDERINGS.join(', ')}.`, 'VALIDATION_ERROR');
}

/**
 * `d.id in (…)`: the documents the user may list — their own, those they collaborate on, those shared with
 * their team — each branch on an index that leads with the user or the team.
 */
function visibleIds(user: CurrentUserRecord, which: { own: boolean; others: boolean }): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [];
  if (which.own) parts.push(sql`select id from documents where owner_id = ${user.id}`);
  if (which.others) {
    parts.push(sql`select document_id from collaborators c where c.user_id = ${user.id} and ${liveGrant('c')}`);
    if (user.team_id !== null) {
      parts.push(sql`select document_id from document_team_permissions where team_id = ${user.team_id} and can_view`);
    }
  }
  return sql<boolean>`d.id in (${sql.join(parts, sql` union all `)})`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function presentationListRoutes(app: App, { db }: RouteDeps): void {
  const list = async (request: FastifyRequest<{ Querystring: ListQuery }>, reply: { header: (k: string, v: string) => unknown }) => {
    const user = requireUser(request);
    const q = request.query;
    const ordering = parseOrdering(q.ordering);
    const fields = parseFields(q.fields, PRESENTATION_FIELDS);
    reply.header('Cache-Control', 'no-store');
    const mine = parseBool(q.mine, false);
    const shared = parseBool(q.shared, false);
    // mine and shared together ask for nothing; say so instead of answering an empty list.
    if (mine && shared) throw badRequest('mine and shared cannot both be true.', 'INVALID_COMBINATION');
    let base = db
      .selectFrom('documents as d')
      .innerJoin('users as o', 'o.id', 'd.owner_id')
      .where('d.deleted_at', 'is', null)
      .where(visibleIds(user, { own: !shared, others: !mine }));
    if (shared) base = base.where('d.owner_id', '<>', user.id);
    if (q.owner_id !== undefined) base = base.where('d.owner_id', '=', q.owner_id);
    if (q.oid !== undefined) base = base.where('d.oid', '=', q.oid);
    if (q.privacy === 'open' || q.privacy === 'closed') base = base.where('d.privacy', '=', q.privacy);
    if (q.privacy === 'public') base = base.where('d.privacy', '=', 'open').where('d.published', '=', true);
    if (q.privacy === 'hidden') base = base.where('d.privacy', '=', 'open').where('d.published', '=', false);
    if (q.privacy === 'private') base = base.where('d.privacy', '=', 'closed');
    if (q.title__icontains) base = base.where('d.title', 'ilike', likePattern(q.title__icontains));
    // Tags match case-insensitively, as GET /presentation/tag/ groups them.
    if (q.tag) {
      const tag = q.tag.trim().toLowerCase();
      base = base.where(sql<boolean>`exists (select 1 from jsonb_array_elements(d.tags) t where lower(t->>'text') = ${tag})`);
    }

    const column = ordering.replace(/^-/, '') as 'title' | 'modified_at' | 'created_at' | 'view_count';
    const teamId = user.team_id ?? -1;
    // The total rides on every row (a window over the filtered set), so a page is one statement.
    const rows = await base
      .selectAll('d')
      .select([
        'o.username as o_username', 'o.first_name as o_first_name', 'o.last_name as o_last_name', 'o.oid as o_oid',
        'o.email as o_email', 'o.team_id as o_team_id',
        sql<string | number>`count(*) over ()`.as('total'),
        (eb) =>
          eb.selectFrom('collaborators as c').select('c.permission').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', user.id).where(liveGrant('c')).as('my_permission'),
        (eb) =>
          eb
            .selectFrom('document_team_permissions as tp')
            .select(sql<string>`json_build_array(tp.can_view, tp.can_comment, tp.can_edit)::text`.as('grant'))
            .whereRef('tp.document_id', '=', 'd.id')
            .where('tp.team_id', '=', teamId)
            .as('team_grant'),
        (eb) => eb.exists(eb.selectFrom('likes as l').select('l.user_id').whereRef('l.document_id', '=', 'd.id').where('l.user_id', '=', user.id)).as('liked'),
      ])
      .orderBy(column === 'title' ? sql`lower(d.title)` : sql.ref(`d.${column}`), ordering.startsWith('-') ? 'desc' : 'asc')
      .orderBy('d.id', 'asc')
      .offset(q.offset ?? 0)
      .limit(q.limit ?? LIST_DEFAULT_LIMIT)
      .execute();
    let count = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && (q.offset ?? 0) > 0) {
      // Past the last page: the window has no row to ride on, so count once more.
      const r = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      count = Number(r.n);
    }
    const includePermissions = parseBool(q.include_user_permissions, false);
    const results = rows.map((r) => {
      const grant = r.team_grant ? (JSON.parse(r.team_grant) as [boolean, boolean, boolean]) : null;
      const level = effectiveLevel({
        isOwner: r.owner_id === user.id,
        individual: r.my_permission ?? null,
        teamGrant: grant ? { can_view: grant[0], can_comment: grant[1], can_edit: grant[2] } : null,
      });
      const doc = serializeDocument(
        r,
        { id: r.owner_id, oid: r.o_oid, username: r.o_username, first_name: r.o_first_name, last_name: r.o_last_name, email: r.o_email, team_id: r.o_team_id },
        { hasLiked: !!r.liked, level, includePermissions },
      );
      return projectFields(doc, fields) as PresentationDocument;
    });
    const answer: PresentationList = { count, offset: q.offset ?? 0, limit: q.limit ?? LIST_DEFAULT_LIMIT, results };
    return answer;
  };
  app.get('/api/v4/presentation/', { schema: { querystring: ListQuery } }, list);
  app.get('/api/v4/presentation/list/', { schema: { querystring: ListQuery } }, list);

  app.get('/api/v4/presentation/detailed-count/', async (request, reply): Promise<DocumentDetailedCount> => {
    noStore(reply);
    const user = requireUser(request);
    const own = await db
      .selectFrom('documents')
      .select([
        sql<string>`count(*) filter (where deleted_at is null)`.as('owned'),
        sql<string>`count(*) filter (where deleted_at is not null)`.as('trashed'),
        sql<string>`count(*) filter (where deleted_at is null and privacy = 'open')`.as('open'),
        sql<string>`count(*) filter (where deleted_at is null and privacy = 'closed')`.as('closed'),
      ])
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const byType = await db
      .selectFrom('documents')
      .select(['schema_version_name', (eb) => eb.fn.countAll<string>().as('n')])
      .where('owner_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .groupBy('schema_version_name')
      .execute();
    const shared = await db
      .selectFrom('documents as d')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('d.deleted_at', 'is', null)
      .where('d.owner_id', '<>', user.id)
      .where(visibleIds(user, { own: false, others: true }))
      .executeTakeFirstOrThrow();
    return {
      count: Number(own.owned),
      owned: Number(own.owned),
      shared_with_me: Number(shared.n),
      trashed: Number(own.trashed),
      by_privacy: { open: Number(own.open), closed: Number(own.closed) },
      by_type: Object.fromEntries(byType.map((r) => [r.schema_version_name, Number(r.n)])),
    };
  });

  app.get('/api/v4/presentation/user-statistics/', async (request, reply): Promise<UserStatistics> => {
    noStore(reply);
    const user = requireUser(request);
    const row = await sql<{ documents: string; views: string; likes: string; collaborators: string; links: string }>`
      select
        (select count(*) from documents where owner_id = ${user.id} and deleted_at is null) as documents,
        (select coalesce(sum(view_count), 0) from documents where owner_id = ${user.id} and deleted_at is null) as views,
        (select coalesce(sum(likes_count), 0) from documents where owner_id = ${user.id} and deleted_at is null) as likes,
        (select count(distinct c.email) from collaborators c join documents d on d.id = c.document_id
           where d.owner_id = ${user.id} and d.deleted_at is null) as collaborators,
        (select count(*) from view_links l join documents d on d.id = l.document_id
           where l.owner_id = ${user.id} and not l.revoked and not l.is_unlisted and d.deleted_at is null) as links`.execute(db);
    const r = row.rows[0];
    return {
      documents: Number(r.documents),
      total_views: Number(r.views),
      total_likes: Number(r.likes),
      collaborators: Number(r.collaborators),
      live_view_links: Number(r.links),
    };
  });
}
