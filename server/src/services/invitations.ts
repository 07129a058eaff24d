import { createHash } from 'node:crypto';
import { tooMany } from './refusal';
import { MESSAGES, coded } from '../permissions/messages';
import type { ServerConfig } from '../config';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { enqueueEmail } from '../mail/outbox';
import { renderInvitationEmail, toEmailLocale } from '../mail/render';
import { randomToken } from '../tokens';
import { ownsAddress } from '../repositories/users';
import type { Db } from './users';

/** An accept link works for 14 days (docs/decisions.md): long enough for a holiday, short enough to age out. */
export const INVITATION_LIFETIME_DAYS = 14;
/** 24 random bytes: 192 bits, above the 128 the issue asks for. */
const TOKEN_BYTES = 24;

/** Only the SHA-256 of an accept token is stored, so a copy of the database cannot accept invitations. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The e-mail an invitation sends (when the inviter keeps 'Notify people' on). */
export interface InvitationNotice {
  kind: 'document' | 'folder';
  inviterName: string;
  title: string;
  /** viewer/commenter/editor for documents, VIEWER/EDITOR for folders. */
  level: string;
  message: string | null;
  /** Origin the accept link points at (the inviter's request origin). */
  origin: string;
  /** The inviter's language: used when the recipient's is not known. */
  fallbackLocale: SupportedLocale;
}

/** The successful add answers (document and folder) say how many invitations the inviter has left this window. */
export const INVITATIONS_REMAINING_HEADER = 'X-Invitations-Remaining';

/**
 * Puts the count `checkInviteRateLimit` answered on a successful add's reply. Set once the transaction has
 * committed, so a refused or failed add never carries it. The body keeps the spec's shape (a header only).
 */
export function sayInvitationsRemaining(reply: { header: (name: string, value: string) => unknown }, remaining: number | null): void {
  if (remaining !== null) reply.header(INVITATIONS_REMAINING_HEADER, String(remaining));
}

/** The inviter's invitations inside the sliding window, oldest first. */
async function invitationsInWindow(trx: Db, userId: number, config: ServerConfig): Promise<Date[]> {
  const since = new Date(config.now().getTime() - config.inviteRateLimit.windowSeconds * 1000);
  const rows = await trx
    .selectFrom('invitations')
    .select('created_at')
    .where('inviter_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => new Date(row.created_at));
}

/** How many more invitations the user may send now (GET /api/v1/invitations/remaining/). */
export async function invitationsRemaining(db: Db, userId: number, config: ServerConfig): Promise<number> {
  return Math.max(0, config.inviteRateLimit.max - (await invitationsInWindow(db, userId, config)).length);
}

/**
 * Enforces the per-user invitation limit (document collaborators and folder members, counted
 * together in the invitations table over a sliding window). Locks the inviter's user row so that
 * concurrent invitations by one user are counted one after the other. Throws 429 with Retry-After;
 * else answers how many invitations are left once this one is recorded (same transaction, same query).
 */
export async function checkInviteRateLimit(trx: Db, userId: number, config: ServerConfig): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { max, windowSeconds } = config.inviteRateLimit;
  const now = config.now();
  const rows = await invitationsInWindow(trx, userId, config);
  if (rows.length < max) return max - rows.length - 1;
  const freeing = rows[rows.length - max];
  const freeAt = freeing.getTime() + windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw tooMany(coded(MESSAGES, 'inviteRateLimit', { max: String(max), minutes: String(Math.ceil(retryAfter / 60)) }), retryAfter);
}

/**
 * Records an invitation (it counts against the rate limit) and, with a notice, gives it an accept token and
 * writes its e-mail into the outbox, all in the caller's transaction.
 */
export async function recordInvitation(
  trx: Db,
  config: ServerConfig,
  row: { inviterId: number; email: string; documentId?: number; folderId?: number; referralToken?: string },
  notice?: InvitationNotice,
): Promise<void> {
  const now = config.now();
  const token = notice ? randomToken(TOKEN_BYTES) : null;
  const { id } = await trx
    .insertInto('invitations')
    .values({
      inviter_id: row.inviterId,
      email: row.email,
      document_id: row.documentId ?? null,
      folder_id: row.folderId ?? null,
      referral_token: row.referralToken ?? null,
      created_at: now,
      token_hash: token ? hashInvitationToken(token) : null,
      expires_at: token ? new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!notice || !token) return;
  const recipient = await trx.selectFrom('users').select('locale').where('email', '=', row.email).where(ownsAddress()).executeTakeFirst();
  const email = renderInvitationEmail({
    kind: notice.kind,
    locale: toEmailLocale(recipient?.locale) ?? notice.fallbackLocale,
    inviter: notice.inviterName,
    title: notice.title,
    level: notice.level,
    message: notice.message,
    acceptUrl: `${notice.origin}/invitation/${token}`,
    expiresInDays: INVITATION_LIFETIME_DAYS,
  });
  await enqueueEmail(trx, now, { ...email, kind: `${notice.kind}-invitation`, to: row.email, invitationId: id });
}

/**
 * Removing someone from a document or folder withdraws every accept link they were sent for it, for good: adding
 * the address back later (Undo, or a new invitation without an e-mail) does not make an old link work again.
 */
export async function withdrawInvitations(trx: Db, target: { documentId: number } | { folderId: number }, email: string, now: Date): Promise<void> {
  let query = trx.updateTable('invitations').set({ revoked_at: now }).where('email', '=', email).where('used_at', 'is', null).where('revoked_at', 'is', null);
  query = 'documentId' in target ? query.where('document_id', '=', target.documentId) : query.where('folder_id', '=', target.folderId);
  await query.execute();
}

/**
 * A user who signs in with an address that has pending invites becomes the collaborator or folder member
 * they were invited as. Their accept links keep working once (they open the document). Only for an address the
 * account owns (the host verified it): the caller decides.
 */
export async function resolvePendingInvites(db: Db, user: { id: number; email: string }): Promise<void> {
  await db.updateTable('collaborators').set({ user_id: user.id }).where('email', '=', user.email).where('user_id', 'is', null).execute();
  await db.updateTable('folder_members').set({ user_id: user.id }).where('email', '=', user.email).where('user_id', 'is', null).execute();
}
