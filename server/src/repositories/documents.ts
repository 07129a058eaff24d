import type { Insertable } from 'kysely';
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
