import { sql } from 'kysely';
import type { Db } from '../services/users';

/** One client's run of attempts at one link's passcode or codes (migration 0020), under the link's document (migration 0031). */
export interface AttemptKey {
  documentId: number;
  viewLinkId: number;
  kind: 'passcode' | 'code';
  clientKey: string;
}

/**
 * Counts an attempt and holds the client's next one until `holdUntil`, in one atomic statement, unless the client
 * must still wait (its next attempt is not due): then nothing is counted and the answer is null. A run that ended
 * (expired) starts again at one. Concurrent attempts of one client: exactly one is counted, the others wait.
 */
export async function reserveAttempt(db: Db, key: AttemptKey, now: Date, holdUntil: Date, expiresAt: Date): Promise<number | null> {
  const row = await db
    .insertInto('link_unlock_rate_limits')
    .values({ document_id: key.documentId, view_link_id: key.viewLinkId, kind: key.kind, client_key: key.clientKey, attempts: 1, next_attempt_at: holdUntil, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['document_id', 'view_link_id', 'kind', 'client_key'])
        .doUpdateSet({
          attempts: sql<number>`case when link_unlock_rate_limits.expires_at <= ${now} then 1 else link_unlock_rate_limits.attempts + 1 end`,
          next_attempt_at: holdUntil,
          expires_at: expiresAt,
        })
        .where((eb) => eb.or([eb('link_unlock_rate_limits.next_attempt_at', '<=', now), eb('link_unlock_rate_limits.expires_at', '<=', now)])),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** When the client's next attempt is due (for Retry-After). */
export async function nextAttemptAt(db: Db, key: AttemptKey): Promise<Date | null> {
  const row = await db
    .selectFrom('link_unlock_rate_limits')
    .select('next_attempt_at')
    .where('document_id', '=', key.documentId)
    .where('view_link_id', '=', key.viewLinkId)
    .where('kind', '=', key.kind)
    .where('client_key', '=', key.clientKey)
    .executeTakeFirst();
  return row ? new Date(row.next_attempt_at) : null;
}

/** Lets the client's next attempt come at `at` (after a failure). */
export async function deferNextAttempt(db: Db, key: AttemptKey, at: Date): Promise<void> {
  await db
    .updateTable('link_unlock_rate_limits')
    .set({ next_attempt_at: at })
    .where('document_id', '=', key.documentId)
    .where('view_link_id', '=', key.viewLinkId)
    .where('kind', '=', key.kind)
    .where('client_key', '=', key.clientKey)
    .execute();
}

/** Ends the client's run (the right answer). */
export async function endAttempts(db: Db, key: AttemptKey): Promise<void> {
  await db
    .deleteFrom('link_unlock_rate_limits')
    .where('document_id', '=', key.documentId)
    .where('view_link_id', '=', key.viewLinkId)
    .where('kind', '=', key.kind)
    .where('client_key', '=', key.clientKey)
    .execute();
}
