import { randomUUID } from 'node:crypto';
import type { Db } from '../services/users';

/** The team's webhook with its sealed secret, or undefined. */
export function findTeamWebhook(db: Db, teamId: number) {
  return db.selectFrom('team_webhooks').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

/**
 * Sets the team's address: a new webhook gets `sealedSecret`; an existing one keeps its secret (two admins saving
 * at once: one creates, the other updates). Returns whether it was created.
 */
export async function saveTeamWebhook(db: Db, teamId: number, url: string, sealedSecret: string, now: Date): Promise<boolean> {
  const created = await db
    .insertInto('team_webhooks')
    .values({ team_id: teamId, url, secret_sealed: sealedSecret, created_at: now, secret_created_at: now })
    .onConflict((oc) => oc.column('team_id').doNothing())
    .returning('team_id')
    .executeTakeFirst();
  if (created) return true;
  await db.updateTable('team_webhooks').set({ url }).where('team_id', '=', teamId).execute();
  return false;
}

export async function deleteTeamWebhook(db: Db, teamId: number): Promise<boolean> {
  const result = await db.deleteFrom('team_webhooks').where('team_id', '=', teamId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceWebhookSecret(db: Db, teamId: number, sealedSecret: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('team_webhooks').set({ secret_sealed: sealedSecret, secret_created_at: now }).where('team_id', '=', teamId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes one delivery of an event to the webhook of the team of `ownerId`, if that team has one; in the caller's
 * transaction, so it is sent only if what it tells commits. Returns the delivery's id, or null when nothing was written.
 */
export async function enqueueTeamDelivery(trx: Db, ownerId: number, event: string, body: string, now: Date): Promise<string | null> {
  const deliveryId = randomUUID();
  const row = await trx
    .insertInto('webhook_deliveries')
    .columns(['delivery_id', 'team_id', 'event', 'body', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('team_webhooks as w')
        .innerJoin('users as u', 'u.team_id', 'w.team_id')
        .where('u.id', '=', ownerId)
        .select((s) => [
          s.val(deliveryId).as('delivery_id'),
          'w.team_id',
          s.val(event).as('event'),
          s.val(body).as('body'),
          s.val(now).as('created_at'),
          s.val(now).as('next_attempt_at'),
        ]),
    )
    .returning('delivery_id')
    .executeTakeFirst();
  return row?.delivery_id ?? null;
}

/** A delivery a sender holds the lease of, with where it goes (null when the team's webhook was removed). */
export interface ClaimedDelivery {
  id: string;
  delivery_id: string;
  team_id: number;
  event: string;
  body: string;
  attempts: number;
}

/**
 * Claims the next due delivery: its next attempt moves past the lease and the claim token is the sender's (picked
 * with SKIP LOCKED, so two senders never take the same one, and a sender that died leaves it to the next once the
 * lease has run out).
 */
export async function claimNextDelivery(db: Db, now: Date, leaseEnd: Date, token: string): Promise<ClaimedDelivery | null> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseEnd, claim_token: token })
    .where('id', '=', (eb) =>
      eb.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').orderBy('id').limit(1).forUpdate().skipLocked(),
    )
    .returning(['id', 'delivery_id', 'team_id', 'event', 'body', 'attempts'])
    .executeTakeFirst();
  return row ?? null;
}

/** Records an attempt's outcome, if the sender still holds the lease. */
export async function recordDeliveryAttempt(
  db: Db,
  delivery: { id: string; token: string },
  outcome: { attempts: number; at: Date; status: 'pending' | 'delivered' | 'failed'; httpStatus: number | null; error: string | null; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: outcome.attempts,
      status: outcome.status,
      last_http_status: outcome.httpStatus,
      last_error: outcome.error,
      last_attempt_at: outcome.at,
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.status === 'delivered' ? outcome.at : null,
      claim_token: null,
    })
    .where('id', '=', delivery.id)
    .where('claim_token', '=', delivery.token)
    .execute();
}

/** The team's deliveries, newest first, `limit + 1` of them (one more tells whether there is an older page). */
export function teamDeliveries(db: Db, teamId: number, limit: number, before: number | undefined) {
  let q = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'delivery_id', 'event', 'status', 'attempts', 'last_http_status', 'last_error', 'created_at', 'last_attempt_at', 'next_attempt_at', 'delivered_at'])
    .where('team_id', '=', teamId);
  if (before !== undefined) q = q.where('id', '<', String(before));
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** Deletes the finished deliveries (delivered or given up) last tried before `cutoff`: the log keeps no older ones. */
export async function pruneFinishedDeliveries(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('status', '<>', 'pending').where('last_attempt_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
