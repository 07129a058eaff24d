import type { InvitationStatus } from '@deck/shared/api/contract';
import { hashInvitationToken } from '../services/invitations';
import { fullName, type Db } from '../services/users';

export interface LoadedInvitation {
  id: number;
  kind: 'document' | 'folder';
  email: string;
  inviterName: string;
  title: string;
  level: string;
  targetUrl: string;
  status: InvitationStatus;
  /** The pending collaborator or folder member row the invitation resolves; null when withdrawn. */
  memberId: number | null;
}

/** An invitation by token with its current state; the row is locked when `forUpdate` (accepting). */
export async function loadInvitation(db: Db, token: string, now: Date, forUpdate = false): Promise<LoadedInvitation | null> {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('users as inviter', 'inviter.id', 'i.inviter_id')
    .select(['i.id', 'i.email', 'i.document_id', 'i.folder_id', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'inviter.first_name', 'inviter.last_name', 'inviter.email as inviter_email'])
    .where('i.token_hash', '=', hashInvitationToken(token));
  if (forUpdate) query = query.forUpdate('i');
  const inv = await query.executeTakeFirst();
  if (!inv) return null;
  const inviterName = fullName(inv) || inv.inviter_email;
  let target: { memberId: number | null; title: string; level: string; targetUrl: string; kind: 'document' | 'folder' } | null = null;
  if (inv.document_id !== null) {
    const row = await db
      .selectFrom('documents as d')
      .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.email', '=', inv.email))
      .select(['d.oid', 'd.title', 'd.deleted_at', 'c.id as member_id', 'c.permission'])
      .where('d.id', '=', inv.document_id)
      .executeTakeFirst();
    if (row) {
      const live = row.deleted_at === null && row.member_id !== null;
      target = { kind: 'document', memberId: live ? row.member_id : null, title: row.title, level: row.permission ?? 'viewer', targetUrl: `/editor/${row.oid}` };
    }
  } else if (inv.folder_id !== null) {
    const row = await db
      .selectFrom('folders as f')
      .leftJoin('folder_members as m', (join) => join.onRef('m.folder_id', '=', 'f.id').on('m.email', '=', inv.email))
      .select(['f.name', 'm.id as member_id', 'm.role'])
      .where('f.id', '=', inv.folder_id)
      .executeTakeFirst();
    if (row) target = { kind: 'folder', memberId: row.member_id, title: row.name, level: row.role ?? 'VIEWER', targetUrl: '/dashboard' };
  }
  const status: InvitationStatus =
    inv.used_at !== null ? 'used' : inv.revoked_at !== null || !target || target.memberId === null ? 'revoked' : inv.expires_at !== null && inv.expires_at <= now ? 'expired' : 'pending';
  return {
    id: inv.id,
    kind: target?.kind ?? (inv.folder_id !== null ? 'folder' : 'document'),
    email: inv.email,
    inviterName,
    title: target?.title ?? '',
    level: target?.level ?? '',
    targetUrl: target?.targetUrl ?? '/',
    status,
    memberId: target?.memberId ?? null,
  };
}

/** Turns the invitation's pending row (a collaborator or a folder member) into the user's, and marks it used. */
export async function markInvitationAccepted(db: Db, inv: Pick<LoadedInvitation, 'id' | 'kind' | 'memberId'>, userId: number, now: Date): Promise<void> {
  if (inv.kind === 'document') await db.updateTable('collaborators').set({ user_id: userId }).where('id', '=', inv.memberId!).execute();
  else await db.updateTable('folder_members').set({ user_id: userId }).where('id', '=', inv.memberId!).execute();
  await db.updateTable('invitations').set({ used_at: now, used_by: userId }).where('id', '=', inv.id).execute();
}
