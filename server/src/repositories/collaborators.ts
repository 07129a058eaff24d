import type { CollaboratorPermission } from '@deck/shared/api/contract';
import type { TeamGrant } from '@deck/shared/domains/permissions/permission-levels';
import { liveGrant } from '../services/live-grant';
import { ownsAddress } from './users';
import type { CurrentUserRecord, Db } from '../services/users';

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

/** The collaborator an e-mail names on a document, if any. */
export function findCollaboratorByEmail(db: Db, documentId: number, email: string) {
  return db.selectFrom('collaborators').select(['id', 'user_id', 'permission', 'expires_at']).where('document_id', '=', documentId).where('email', '=', email).executeTakeFirst();
}

/** A collaborator's new level; a new end date (undefined: unchanged) gets a new notice before it (collaborator-expiry.ts). */
export async function setCollaboratorLevel(db: Db, collaboratorId: number, permission: CollaboratorPermission, expiresAt?: Date | null): Promise<void> {
  const end = expiresAt === undefined ? {} : { expires_at: expiresAt, expiry_notice_sent_at: null };
  await db.updateTable('collaborators').set({ permission, ...end }).where('id', '=', collaboratorId).execute();
}

/**
 * Invites an address at a level (the account that owns it, if any, in the same statement: null keeps the invite
 * pending, also for an account that only claims the address); an address already on the document is moved to the
 * level instead.
 */
export async function inviteCollaborator(
  db: Db,
  row: { document_id: number; email: string; permission: CollaboratorPermission; invited_by: number; created_at: Date; expires_at: Date | null | undefined },
): Promise<void> {
  const { expires_at: expiry, ...values } = row;
  await db
    .insertInto('collaborators')
    .values((eb) => ({
      ...values,
      user_id: eb.selectFrom('users').select('id').where('email', '=', row.email).where(ownsAddress()),
      expires_at: expiry ?? null,
    }))
    .onConflict((oc) => oc.columns(['document_id', 'email']).doUpdateSet({ permission: row.permission, ...(expiry === undefined ? {} : { expires_at: expiry, expiry_notice_sent_at: null }) }))
    .execute();
}

/** The team grant on a document, if any. */
export function findTeamGrant(db: Db, documentId: number) {
  return db.selectFrom('document_team_permissions').select(['can_view', 'can_comment', 'can_edit']).where('document_id', '=', documentId).executeTakeFirst();
}

export async function setTeamGrant(db: Db, documentId: number, teamId: number, grant: TeamGrant): Promise<void> {
  await db
    .insertInto('document_team_permissions')
    .values({ document_id: documentId, team_id: teamId, ...grant })
    .onConflict((oc) => oc.column('document_id').doUpdateSet({ team_id: teamId, ...grant }))
    .execute();
}

/** Removes the team grant (all three flags false means no row), answering what it granted. */
export function deleteTeamGrant(db: Db, documentId: number) {
  return db.deleteFrom('document_team_permissions').where('document_id', '=', documentId).returning(['can_view', 'can_comment', 'can_edit']).executeTakeFirst();
}

/** Who has access to a document besides its owner: the individual collaborators with an account, and the team grant with the team's members. */
export async function accessRows(db: Db, documentId: number) {
  const individuals = await db
    .selectFrom('collaborators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.oid', 'u.email', 'u.first_name', 'u.last_name', 'c.permission'])
    .where('c.document_id', '=', documentId)
    .orderBy('c.id')
    .execute();
  const grant = await db.selectFrom('document_team_permissions').selectAll().where('document_id', '=', documentId).executeTakeFirst();
  const members = grant
    ? await db.selectFrom('users').select(['id', 'oid', 'email', 'first_name', 'last_name']).where('team_id', '=', grant.team_id).orderBy('id').execute()
    : [];
  return { individuals, grant, members };
}

/** A user's own collaborator row on a document, if any. */
export function findAccountCollaboratorRow(db: Db, documentId: number, userId: number) {
  return db.selectFrom('collaborators').select(['id', 'permission', 'email', 'expires_at']).where('document_id', '=', documentId).where('user_id', '=', userId).executeTakeFirst();
}

/** What the user's level on each document (not in the trash) stands on: ownership, their live grant, their team's grant. */
export function grantsOnDocuments(db: Db, user: CurrentUserRecord, oids: string[]) {
  return db
    .selectFrom('documents as d')
    .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.user_id', '=', user.id).on(liveGrant('c')))
    .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', user.team_id ?? -1))
    .select(['d.oid', 'd.owner_id', 'd.privacy', 'd.published', 'd.link_protected', 'c.permission', 'tp.can_view', 'tp.can_comment', 'tp.can_edit'])
    .where('d.oid', 'in', oids)
    .where('d.deleted_at', 'is', null)
    .execute();
}
