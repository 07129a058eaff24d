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

/** The previous owner stays on a transferred document as an editor. */
export async function keepAsEditor(db: Db, documentId: number, user: { id: number; email: string }, invitedBy: number, at: Date): Promise<void> {
  await db
    .insertInto('collaborators')
    .values({ document_id: documentId, user_id: user.id, email: user.email, permission: 'editor', invited_by: invitedBy, created_at: at })
    .onConflict((oc) => oc.columns(['document_id', 'email']).doUpdateSet({ permission: 'editor', user_id: user.id }))
    .execute();
}
