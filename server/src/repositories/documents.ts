import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

/** Whether a document (not deleted) has this oid. */
export async function documentExists(db: Db, oid: string): Promise<boolean> {
  return !!(await db.selectFrom('documents').select('id').where('oid', '=', oid).where('deleted_at', 'is', null).executeTakeFirst());
}

/** A document by its embed code's view token, with what the embed rule decides on (its owner's team's switch). */
export function findEmbeddedDocument(db: Db, viewToken: string) {
  return db
    .selectFrom('documents as d')
    .innerJoin('users as owner', 'owner.id', 'd.owner_id')
    .leftJoin('teams as team', 'team.id', 'owner.team_id')
    .select(['d.oid', 'd.privacy', 'team.disable_sharing'])
    .where('d.view_token', '=', viewToken)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Hands a document to another owner. */
export async function setDocumentOwner(db: Db, documentId: number, ownerId: number, at: Date): Promise<void> {
  await db.updateTable('documents').set({ owner_id: ownerId, modified_at: at }).where('id', '=', documentId).execute();
}

export async function insertDocuments(db: Db, rows: Array<Insertable<DB['documents']>>): Promise<void> {
  await db.insertInto('documents').values(rows).execute();
}

/** Changes a document's own columns (title, description, tags, privacy, trash…). */
export async function updateDocument(db: Db, documentId: number, change: Updateable<DB['documents']>): Promise<void> {
  await db.updateTable('documents').set(change).where('id', '=', documentId).execute();
}

/** Deletes a document for good: its dependent rows go by ON DELETE CASCADE; invitations keep theirs with document_id null. */
export async function deleteDocument(db: Db, documentId: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', documentId).execute();
}

/** Empties a user's trash, answering the oids deleted. */
export function deleteTrashedDocuments(db: Db, ownerId: number) {
  return db.deleteFrom('documents').where('owner_id', '=', ownerId).where('deleted_at', 'is not', null).returning('oid').execute();
}

/** A page of a user's trash, newest first, each row with the trash's total. */
export function trashedDocuments(db: Db, ownerId: number, offset: number, limit: number) {
  return db
    .selectFrom('documents')
    .selectAll()
    .select(sql<string | number>`count(*) over ()`.as('total'))
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is not', null)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How many documents a user owns, in the trash or out of it. */
export async function ownedDocumentCount(db: Db, ownerId: number, trashed: boolean): Promise<number> {
  const r = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', ownerId)
    .where('deleted_at', trashed ? 'is not' : 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The tags of a user's documents (not in the trash), grouped case-insensitively, the first spelling in sort order shown. */
export async function tagCounts(db: Db, ownerId: number) {
  const rows = await sql<{ text: string; count: string | number }>`
    select min(t.value->>'text') as text, count(distinct d.id) as count
    from documents d cross join lateral jsonb_array_elements(d.tags) as t(value)
    where d.owner_id = ${ownerId} and d.deleted_at is null and jsonb_typeof(t.value->'text') = 'string'
    group by lower(t.value->>'text')
    order by count(distinct d.id) desc, lower(t.value->>'text') asc`.execute(db);
  return rows.rows.map((r) => ({ text: r.text, count: Number(r.count) }));
}
