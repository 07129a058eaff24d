import { HttpError } from '../http/errors';
import { MESSAGES } from '../permissions/messages';
import type { ServerConfig } from '../config';
import type { Db } from './users';

/**
 * Enforces the per-user invitation limit (document collaborators and folder members, counted
 * together in the invitations table over a sliding window). Locks the inviter's user row so that
 * concurrent invitations by one user are counted one after the other. Throws 429 with Retry-After.
 */
export async function checkInviteRateLimit(trx: Db, userId: number, config: ServerConfig): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { max, windowSeconds } = config.inviteRateLimit;
  const now = config.now();
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await trx
    .selectFrom('invitations')
    .select('created_at')
    .where('inviter_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  if (rows.length < max) return;
  const freeing = rows[rows.length - max].created_at;
  const freeAt = new Date(freeing).getTime() + windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const message = MESSAGES.inviteRateLimit.replace('{max}', String(max)).replace('{minutes}', String(Math.ceil(retryAfter / 60)));
  throw new HttpError(429, message, 'RATE_LIMITED', { 'Retry-After': String(retryAfter) }, { retry_after: retryAfter });
}

export async function recordInvitation(
  trx: Db,
  config: ServerConfig,
  row: { inviterId: number; email: string; documentId?: number; folderId?: number; referralToken?: string },
): Promise<void> {
  await trx
    .insertInto('invitations')
    .values({
      inviter_id: row.inviterId,
      email: row.email,
      document_id: row.documentId ?? null,
      folder_id: row.folderId ?? null,
      referral_token: row.referralToken ?? null,
      created_at: config.now(),
    })
    .execute();
}
