import type { FolderRole } from '@deck/shared/api/contract';
import type { Db } from '../services/users';
import { findUserIdByEmail } from './users';

export interface FolderRow {
  id: number;
  uuid: string;
  name: string;
  creator_id: number;
  only_owner_can_add_collaborators: boolean;
}

export interface MemberRow {
  id: number;
  user_id: number | null;
  email: string;
  role: FolderRole;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  /** The latest invitation e-mail to this address for this folder, if any. */
  mail_status: string | null;
  mail_attempts: number | null;
}

export function findFolder(db: Db, id: number, forUpdate = false): Promise<FolderRow | undefined> {
  let q = db.selectFrom('folders').select(['id', 'uuid', 'name', 'creator_id', 'only_owner_can_add_collaborators']).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A folder's members, oldest first, each pending invitee with their e-mail's delivery state (in the same statement). */
export function folderMembers(db: Db, folderId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('folder_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.email', 'm.role', 'u.username', 'u.first_name', 'u.last_name'])
    .select((eb) => {
      const latestMail = () =>
        eb
          .selectFrom('outbox as o')
          .innerJoin('invitations as i', 'i.id', 'o.invitation_id')
          .whereRef('i.folder_id', '=', 'm.folder_id')
          .whereRef('i.email', '=', 'm.email')
          .where('m.user_id', 'is', null)
          .orderBy('o.id', 'desc')
          .limit(1);
      return [latestMail().select('o.status').as('mail_status'), latestMail().select('o.attempts').as('mail_attempts')];
    })
    .where('m.folder_id', '=', folderId)
    .orderBy('m.id', 'asc')
    .execute();
}

/** Documents (not in the trash) in each folder. */
export async function folderDocumentCounts(db: Db, folderIds: number[]): Promise<Map<number, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('folder_documents as fd')
    .innerJoin('documents as d', 'd.id', 'fd.document_id')
    .select(['fd.folder_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('fd.folder_id', 'in', folderIds)
    .where('d.deleted_at', 'is', null)
    .groupBy('fd.folder_id')
    .execute();
  return new Map(rows.map((row) => [row.folder_id, Number(row.count)]));
}

/** The folders a user created or joined, by name, with their own member role. */
export function foldersOf(db: Db, userId: number) {
  return db
    .selectFrom('folders as f')
    .leftJoin('folder_members as m', (join) => join.onRef('m.folder_id', '=', 'f.id').on('m.user_id', '=', userId))
    .select(['f.id', 'f.uuid', 'f.name', 'f.creator_id', 'm.role'])
    .where((where) => where.or([where('f.creator_id', '=', userId), where('m.user_id', '=', userId)]))
    .orderBy('f.name', 'asc')
    .execute();
}

/** A folder's creator and the user's member role in it (null role: not a member), or undefined without the folder. */
export function folderMembership(db: Db, folderId: number, userId: number) {
  return db
    .selectFrom('folders as f')
    .leftJoin('folder_members as m', (join) => join.onRef('m.folder_id', '=', 'f.id').on('m.user_id', '=', userId))
    .select(['f.creator_id', 'm.role'])
    .where('f.id', '=', folderId)
    .executeTakeFirst();
}

/** Adds a member (the account that owns this address, if any; a member already there is kept). */
export async function addFolderMember(
  db: Db,
  row: { folder_id: number; email: string; role: FolderRole; invited_by: number; created_at: Date },
): Promise<void> {
  const account = await findUserIdByEmail(db, row.email);
  await db
    .insertInto('folder_members')
    .values({ ...row, user_id: account?.id ?? null })
    .onConflict((oc) => oc.columns(['folder_id', 'email']).doNothing())
    .execute();
}

export async function deleteFolderMember(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('folder_members').where('id', '=', memberId).execute();
}

/** Its members and its list of documents go with it (ON DELETE CASCADE); the documents themselves stay. */
export async function deleteFolder(db: Db, folderId: number): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', folderId).execute();
}

/** The folder's documents (not in the trash), oldest first. */
export function folderDocumentOids(db: Db, folderId: number) {
  return db
    .selectFrom('folder_documents as fd')
    .innerJoin('documents as d', 'd.id', 'fd.document_id')
    .select('d.oid')
    .where('fd.folder_id', '=', folderId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.id')
    .execute();
}
