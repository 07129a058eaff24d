import type { CollaboratorPermission } from '@deck/shared/api/contract';
import type { Db } from '../services/users';

/** The collaborator with an account that an e-mail names on a document (who may receive the document). */
export function findAccountCollaborator(db: Db, documentId: number, email: string) {
  return db
    .selectFrom('collaborators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'u.id as user_id', 'u.locale'])
    .where('c.document_id', '=', documentId)
    .where('c.email', '=', email)
    .executeTakeFirst();
}

export async function deleteCollaborator(db: Db, collaboratorId: number): Promise<void> {
  await db.deleteFrom('collaborators').where('id', '=', collaboratorId).execute();
}

/** Adds a collaborator with an account at a level, or moves them to it when the address is already on the document. */
export async function upsertAccountCollaborator(
  db: Db,
  row: { document_id: number; user_id: number; email: string; permission: CollaboratorPermission; invited_by: number; created_at: Date },
): Promise<void> {
  await db
    .insertInto('collaborators')
    .values(row)
    .onConflict((oc) => oc.columns(['document_id', 'email']).doUpdateSet({ permission: row.permission, user_id: row.user_id }))
    .execute();
}
