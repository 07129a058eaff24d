import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config';
import { randomToken } from '../tokens';
import type { Db } from './users';

/** Sessions are stored by the hash of their id (loadSessionUser in users.ts reads them with their user). */
export const sessionIdHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/** Starts a signed-in session for the user; returns the id the cookie carries. */
export async function createSession(db: Db, userId: number, config: ServerConfig): Promise<string> {
  const sessionId = randomToken(32);
  const now = config.now();
  await db
    .insertInto('sessions')
    .values({ id_hash: sessionIdHash(sessionId), user_id: userId, created_at: now, expires_at: new Date(now.getTime() + config.sessionMaxAgeSeconds * 1000) })
    .execute();
  return sessionId;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', sessionIdHash(sessionId)).execute();
}

/** Sign out everywhere: every session of the user ends. */
export async function endUserSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these sessions are still live (not signed out, not expired): a live stream ends with its session. */
export async function liveSessions(db: Db, idHashes: readonly string[], now: Date): Promise<Set<string>> {
  if (idHashes.length === 0) return new Set();
  const rows = await db.selectFrom('sessions').select('id_hash').where('id_hash', 'in', [...idHashes]).where('expires_at', '>', now).execute();
  return new Set(rows.map((row) => row.id_hash));
}
