import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../db/schema';
import type { CurrentUserRecord, Db } from '../services/users';
import { liveGrant } from '../services/live-grant';

/** The id of the document (not deleted) with this oid, or null. */
export async function liveDocumentId(db: Db, oid: string): Promise<number | null> {
  return (await db.selectFrom('documents').select('id').where('oid', '=', oid).where('deleted_at', 'is', null).executeTakeFirst())?.id ?? null;
}

/** A document by its embed code's view token, with what the embed rule decides on (its owner's team's switch). */
export function findEmbeddedDocument(db: Db, viewToken: string) {
  return db
    .selectFrom('documents as d')
    .innerJoin('users as owner', 'owner.id', 'd.owner_id')
    .leftJoin('teams as team', 'team.id', 'owner.team_id')
    .select(['d.oid', 'd.privacy', 'd.published', 'd.link_protected', 'team.disable_sharing'])
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The documents a visitor may find: the public gallery (open and published) for everyone, plus, signed in,
 * their own, those they collaborate on and those shared with their team. Trash excluded.
 */
function findableDocuments(db: Db, user: CurrentUserRecord | null) {
  return db
    .selectFrom('documents as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.user_id', '=', user?.id ?? -1).on(liveGrant('c')))
    .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', user?.team_id ?? -1))
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.privacy', '=', 'open'), eb('d.published', '=', true)]),
        ...(user ? [eb('d.owner_id', '=', user.id), eb('c.id', 'is not', null), eb('tp.can_view', '=', true)] : []),
      ]),
    );
}

/** Search (title, description or a tag containing the words; every given tag; the given types), newest change first, with the total. */
export async function searchDocuments(
  db: Db,
  user: CurrentUserRecord | null,
  search: { words: string; tags: string[]; types: string[]; offset: number; limit: number },
) {
  let base = findableDocuments(db, user);
  if (search.words) {
    const pattern = `%${escapeLike(search.words)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('d.title', 'ilike', pattern),
        eb('d.description', 'ilike', pattern),
        eb.exists(sql`(select 1 from jsonb_array_elements(d.tags) t where t->>'text' ilike ${pattern})`),
      ]),
    );
  }
  for (const tag of search.tags) {
    base = base.where(sql<boolean>`exists (select 1 from jsonb_array_elements(d.tags) t where lower(t->>'text') = lower(${tag}))`);
  }
  if (search.types.length) base = base.where('d.schema_version_name', 'in', search.types);
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('d')
    .select([
      'o.oid as o_oid', 'o.username as o_username', 'o.first_name as o_first_name', 'o.last_name as o_last_name', 'o.email as o_email',
      'o.team_id as o_team_id', 'c.permission as my_permission', 'tp.can_view as team_view', 'tp.can_comment as team_comment', 'tp.can_edit as team_edit',
    ])
    .orderBy('d.modified_at', 'desc')
    .orderBy('d.id', 'asc')
    .offset(search.offset)
    .limit(search.limit)
    .execute();
  return { count: Number(n), rows };
}

/** The user's document made from the same create body since `since` (a double submit), if any. */
export function findRepeatedCreation(db: Db, userId: number, bodyHash: string, since: Date) {
  return db
    .selectFrom('document_creations as dc')
    .innerJoin('documents as d', 'd.id', 'dc.document_id')
    .select('d.oid')
    .where('dc.user_id', '=', userId)
    .where('dc.body_hash', '=', bodyHash)
    .where('dc.created_at', '>', since)
    .where('d.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A new document, with the record of the create body that made it (for findRepeatedCreation). */
export async function createDocument(db: Db, row: Insertable<DB['documents']> & { owner_id: number; created_at: Date }, bodyHash: string) {
  const doc = await db.insertInto('documents').values(row).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('document_creations').values({ user_id: row.owner_id, body_hash: bodyHash, document_id: doc.id, created_at: row.created_at }).execute();
  return doc;
}

export function findDocumentVersion(db: Db, documentId: number, version: number) {
  return db.selectFrom('document_versions').select(['title', 'description', 'tags']).where('document_id', '=', documentId).where('version', '=', version).executeTakeFirst();
}

export function setQualityScore(db: Db, documentId: number, score: number) {
  return db.updateTable('documents').set({ quality_score: score }).where('id', '=', documentId).returning(['oid', 'quality_score']).executeTakeFirstOrThrow();
}

/** A document (not in the trash) by its view token. */
export function findDocumentByViewToken(db: Db, viewToken: string) {
  return db.selectFrom('documents').select('oid').where('view_token', '=', viewToken).where('deleted_at', 'is', null).executeTakeFirst();
}
