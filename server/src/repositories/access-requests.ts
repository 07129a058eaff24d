import type { CollaboratorPermission } from '@deck/shared/api/contract';
import type { Db } from '../services/users';

/** The requester's pending request for the document, if any. */
export function findPendingRequest(db: Db, documentId: number, requesterId: number) {
  return db
    .selectFrom('access_requests')
    .select(['id', 'message', 'created_at'])
    .where('document_id', '=', documentId)
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** A document's pending requests with their requesters, oldest first. */
export function pendingRequests(db: Db, documentId: number) {
  return db
    .selectFrom('access_requests as r')
    .innerJoin('users as u', 'u.id', 'r.requester_id')
    .select(['r.id', 'r.message', 'r.created_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('r.document_id', '=', documentId)
    .where('r.status', '=', 'pending')
    .orderBy('r.id')
    .execute();
}

export async function insertAccessRequest(db: Db, row: { document_id: number; requester_id: number; message: string | null; created_at: Date }): Promise<void> {
  await db.insertInto('access_requests').values(row).execute();
}

/** One pending request of the document with its requester, locked for its decision. */
export function lockPendingRequest(db: Db, documentId: number, requestId: number) {
  return db
    .selectFrom('access_requests as r')
    .innerJoin('users as u', 'u.id', 'r.requester_id')
    .select(['r.id', 'u.id as user_id', 'u.email', 'u.locale'])
    .where('r.id', '=', requestId)
    .where('r.document_id', '=', documentId)
    .where('r.status', '=', 'pending')
    .forUpdate('r')
    .executeTakeFirst();
}

export async function closeAccessRequest(db: Db, requestId: number, permission: CollaboratorPermission | null, deciderId: number, at: Date): Promise<void> {
  await db
    .updateTable('access_requests')
    .set({ status: permission ? 'approved' : 'denied', permission, decided_at: at, decided_by: deciderId })
    .where('id', '=', requestId)
    .execute();
}
