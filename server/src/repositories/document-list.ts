import { sql, type RawBuilder } from 'kysely';
import type { PresentationOrdering } from '@deck/shared/api/contract';
import { liveGrant } from '../services/live-grant';
import type { CurrentUserRecord, Db } from '../services/users';

/*
 * The dashboard's reads. Every query starts from the user's own rows (owner, collaborator, team grant), each on an
 * index, so a list never reads the documents table whole (server/src/test/dashboard-indexes.test.ts).
 */

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

export interface ListFilter {
  mine: boolean;
  shared: boolean;
  ownerId?: number;
  oid?: string;
  privacy?: string;
  titleContains?: string;
  tag?: string;
  ordering: PresentationOrdering;
  offset: number;
  limit: number;
}

/** A page of the documents the user may list, each row with the user's grants and like, and the filtered total. */
export async function listDocuments(db: Db, user: CurrentUserRecord, filter: ListFilter) {
  let base = db
    .selectFrom('documents as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .where('d.deleted_at', 'is', null)
    .where(visibleIds(user, { own: !filter.shared, others: !filter.mine }));
  if (filter.shared) base = base.where('d.owner_id', '<>', user.id);
  if (filter.ownerId !== undefined) base = base.where('d.owner_id', '=', filter.ownerId);
  if (filter.oid !== undefined) base = base.where('d.oid', '=', filter.oid);
  if (filter.privacy === 'open' || filter.privacy === 'closed') base = base.where('d.privacy', '=', filter.privacy);
  if (filter.privacy === 'public') base = base.where('d.privacy', '=', 'open').where('d.published', '=', true);
  if (filter.privacy === 'hidden') base = base.where('d.privacy', '=', 'open').where('d.published', '=', false);
  if (filter.privacy === 'private') base = base.where('d.privacy', '=', 'closed');
  if (filter.titleContains) base = base.where('d.title', 'ilike', likePattern(filter.titleContains));
  // Tags match case-insensitively, as GET /presentation/tag/ groups them.
  if (filter.tag) {
    const tag = filter.tag.trim().toLowerCase();
    base = base.where(sql<boolean>`exists (select 1 from jsonb_array_elements(d.tags) t where lower(t->>'text') = ${tag})`);
  }

  const column = filter.ordering.replace(/^-/, '') as 'title' | 'modified_at' | 'created_at' | 'view_count';
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
    .orderBy(column === 'title' ? sql`lower(d.title)` : sql.ref(`d.${column}`), filter.ordering.startsWith('-') ? 'desc' : 'asc')
    .orderBy('d.id', 'asc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  let count = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && filter.offset > 0) {
    // Past the last page: the window has no row to ride on, so count once more.
    const r = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    count = Number(r.n);
  }
  return { rows, count };
}

/** The user's own documents counted by state, privacy and type, and the documents shared with them. */
export async function detailedCounts(db: Db, user: CurrentUserRecord) {
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
  return { own, byType, shared };
}

/** Totals over the user's documents (not in the trash): documents, views, likes, distinct collaborators, live links. */
export async function userStatistics(db: Db, userId: number) {
  const row = await sql<{ documents: string; views: string; likes: string; collaborators: string; links: string }>`
    select
      (select count(*) from documents where owner_id = ${userId} and deleted_at is null) as documents,
      (select coalesce(sum(view_count), 0) from documents where owner_id = ${userId} and deleted_at is null) as views,
      (select coalesce(sum(lc.likes), 0) from document_like_counts lc join documents d on d.id = lc.document_id
         where d.owner_id = ${userId} and d.deleted_at is null) as likes,
      (select count(distinct c.email) from collaborators c join documents d on d.id = c.document_id
         where d.owner_id = ${userId} and d.deleted_at is null) as collaborators,
      (select count(*) from view_links l join documents d on d.id = l.document_id
         where l.owner_id = ${userId} and not l.revoked and not l.is_unlisted and d.deleted_at is null) as links`.execute(db);
  return row.rows[0];
}
