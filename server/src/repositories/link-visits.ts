import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

/** Whether this open of the link is already recorded. */
export async function visitRecorded(db: Db, viewLinkId: number, openId: string): Promise<boolean> {
  return !!(await db.selectFrom('view_link_visits').select('id').where('view_link_id', '=', viewLinkId).where('session_id', '=', openId).executeTakeFirst());
}

/** The recorded open of the link with this id, with the name its visitor gave (if the link asked for one). */
export function recordedVisit(db: Db, viewLinkId: number, openId: string) {
  return db
    .selectFrom('view_link_visits')
    .select(['viewer_name', 'viewer_email', 'visited_at'])
    .where('view_link_id', '=', viewLinkId)
    .where('session_id', '=', openId)
    .executeTakeFirst();
}

export async function insertVisit(db: Db, row: Insertable<DB['view_link_visits']>): Promise<void> {
  await db.insertInto('view_link_visits').values(row).execute();
}

/** A link as its own rows name it: its document and its id (migration 0031). */
export interface LinkKey {
  id: number;
  document_id: number;
}

/** The address's verification on the link that can still be used (unexpired, tries left), if any. */
export function liveVerification(db: Db, link: LinkKey, email: string, now: Date, maxTries: number) {
  return db
    .selectFrom('link_verifications')
    .select(['nonce', 'expires_at'])
    .where('document_id', '=', link.document_id)
    .where('view_link_id', '=', link.id)
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
}

/**
 * Writes the address's verification: the live one again as it is (its code stays valid), or a new one in place of
 * a used-up or expired one (one row per link and address, migration 0020).
 */
export async function keepVerification(db: Db, row: { document_id: number; view_link_id: number; email: string; code_hash: string; nonce: string; expires_at: Date; created_at: Date }): Promise<void> {
  await db
    .insertInto('link_verifications')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['document_id', 'view_link_id', 'email']).doUpdateSet((eb) => ({
        code_hash: eb.ref('excluded.code_hash'),
        nonce: eb.ref('excluded.nonce'),
        expires_at: eb.ref('excluded.expires_at'),
        created_at: eb.ref('excluded.created_at'),
        tries: sql<number>`case when link_verifications.nonce is not distinct from excluded.nonce then link_verifications.tries else 0 end`,
      })),
    )
    .execute();
}

/** Uses up a code that matches, has not expired and has tries left; undefined when none does. */
export function useVerificationCode(db: Db, link: LinkKey, email: string, codeHash: string, now: Date, maxTries: number) {
  return db
    .deleteFrom('link_verifications')
    .where('document_id', '=', link.document_id)
    .where('view_link_id', '=', link.id)
    .where('email', '=', email)
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .returning('code_hash')
    .executeTakeFirst();
}

export async function countVerificationTry(db: Db, link: LinkKey, email: string): Promise<void> {
  await db
    .updateTable('link_verifications')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('document_id', '=', link.document_id)
    .where('view_link_id', '=', link.id)
    .where('email', '=', email)
    .execute();
}

/** A link's views per day in a time zone (PostgreSQL refuses a zone it does not know with 22023). */
export async function dailyViews(db: Db, viewLinkId: number, zone: string) {
  const days = await sql<{ day: string; views: string | number }>`
    select to_char(visited_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as views
    from view_link_visits where view_link_id = ${viewLinkId}
    group by day order by day`.execute(db);
  return days.rows.map((r) => ({ day: r.day, views: Number(r.views) }));
}

/** The newest viewers who gave (or verified) their address, and how many there are in all. */
export async function identifiedViewers(db: Db, viewLinkId: number, shown: number) {
  const viewers = await db
    .selectFrom('view_link_visits')
    .select(['viewer_name', 'viewer_email', 'visited_at'])
    .where('view_link_id', '=', viewLinkId)
    .where('viewer_email', 'is not', null)
    .orderBy('visited_at', 'desc')
    .orderBy('id', 'desc')
    .limit(shown)
    .execute();
  const count = await db
    .selectFrom('view_link_visits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('view_link_id', '=', viewLinkId)
    .where('viewer_email', 'is not', null)
    .executeTakeFirstOrThrow();
  return { viewers, total: Number(count.n) };
}
