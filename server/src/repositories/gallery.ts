import { sql, type Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { liveGrant } from '../services/live-grant';
import { opensByAddressSql } from '../services/open-by-address';
import type { CurrentUserRecord, Db } from '../services/users';

/**
 * A page of a document's parents or children that the user may view, in one statement: a relative is visible when
 * it is open, or the user owns it, collaborates on it, or their team is granted it (the permission context's rule
 * for viewing). `limit` rows at most, from `offset`.
 */
export function visibleRelatives(db: Db, documentId: number, direction: 'parent' | 'child', user: CurrentUserRecord | null, limit: number, offset: number) {
  const [mine, other] = direction === 'parent' ? (['r.child_id', 'r.parent_id'] as const) : (['r.parent_id', 'r.child_id'] as const);
  return db
    .selectFrom('document_relations as r')
    .innerJoin('documents as d', 'd.id', other)
    .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.user_id', '=', user?.id ?? -1).on(liveGrant('c')))
    .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', user?.team_id ?? -1))
    .select(['d.oid', 'd.title', 'd.schema_version_name', 'd.owner_id', 'r.created_at'])
    .where(mine, '=', documentId)
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        opensByAddressSql('d'),
        ...(user ? [eb('d.owner_id', '=', user.id), eb('c.id', 'is not', null), eb('tp.can_view', '=', true)] : []),
      ]),
    )
    .orderBy('r.created_at')
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Whether `parentId` already descends from `childId` (relating them would make a cycle). */
export async function descendsFrom(db: Db, parentId: number, childId: number): Promise<boolean> {
  const cycle = await sql<{ found: number }>`
    with recursive ancestors(id) as (
      select parent_id from document_relations where child_id = ${parentId}
      union select r.parent_id from document_relations r join ancestors a on r.child_id = a.id
    ) select 1 as found from ancestors where id = ${childId} limit 1`.execute(db);
  return cycle.rows.length > 0;
}

/** How many children the parent has and how many parents the child has. */
export async function relationCounts(db: Db, parentId: number, childId: number) {
  const counts = await sql<{ children: number; parents: number }>`
    select (select count(*)::int from document_relations where parent_id = ${parentId}) as children,
           (select count(*)::int from document_relations where child_id = ${childId}) as parents`.execute(db);
  return counts.rows[0];
}

/** Relates two documents; false when they already were. */
export async function insertRelation(db: Db, row: Insertable<DB['document_relations']>): Promise<boolean> {
  const inserted = await db
    .insertInto('document_relations')
    .values(row)
    .onConflict((oc) => oc.columns(['parent_id', 'child_id']).doNothing())
    .returning('parent_id')
    .executeTakeFirst();
  return !!inserted;
}

/** Removes a relation; false when there was none. */
export async function deleteRelation(db: Db, parentId: number, childId: number): Promise<boolean> {
  const removed = await db.deleteFrom('document_relations').where('parent_id', '=', parentId).where('child_id', '=', childId).returning('parent_id').executeTakeFirst();
  return !!removed;
}

export function findCuratedContent(db: Db, documentId: number) {
  return db
    .selectFrom('curated_content as cc')
    .innerJoin('curated_topics as t', 't.slug', 'cc.topic')
    .select(['cc.topic', 't.name', 'cc.note', 'cc.created_at'])
    .where('cc.document_id', '=', documentId)
    .executeTakeFirst();
}

export function findCuratedTopic(db: Db, slug: string) {
  return db.selectFrom('curated_topics').select('slug').where('slug', '=', slug).executeTakeFirst();
}

/** Curates a document under a topic (a document curated before moves); true when it was not curated before. */
export async function curate(db: Db, row: { document_id: number; topic: string; note: string; curated_by: number; created_at: Date }): Promise<boolean> {
  const existed = await db.selectFrom('curated_content').select('document_id').where('document_id', '=', row.document_id).executeTakeFirst();
  await db
    .insertInto('curated_content')
    .values(row)
    .onConflict((oc) => oc.column('document_id').doUpdateSet({ topic: row.topic, note: row.note, curated_by: row.curated_by }))
    .execute();
  return !existed;
}

/** Takes a document out of the curated content; false when it was not in it. */
export async function uncurate(db: Db, documentId: number): Promise<boolean> {
  return !!(await db.deleteFrom('curated_content').where('document_id', '=', documentId).returning('document_id').executeTakeFirst());
}

/** The topics by name, each with how many open and published documents (not in the trash) are curated under it. */
export async function curatedTopics(db: Db) {
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
  return rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count ?? 0) }));
}
