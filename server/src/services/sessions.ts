import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config';
import { randomToken } from './tokens';
import type { Db } from './users';

const hash = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/** Starts a signed-in session for the user; returns the id the cookie carries. */
export async function createSession(db: Db, userId: number, config: ServerConfig): Promise<string> {
  const sessionId = randomToken(32);
  const now = config.now();
  await db
    .insertInto('sessions')
    .values({ id_hash: hash(sessionId), user_id: userId, created_at: now, expires_at: new Date(now.getTime() + config.sessionMaxAgeSeconds * 1000) })
    .execute();
  return sessionId;
}

/** The user of a live session, or null when it was ended, has expired or its user was removed. */
export async function sessionUserId(db: Db, sessionId: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id_hash', '=', hash(sessionId))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hash(sessionId)).execute();
}

/** Sign out everywhere: every session of the user ends. */
export async function endUserSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
