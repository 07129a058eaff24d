import { startPoller } from '../services/poller';
import { randomUUID } from 'node:crypto';
import type { InvitationDeliveryState } from '@deck/shared/api/contract';
import type { Db } from '../services/users';
import type { MailTransport } from './transport';
import type { RenderedEmail } from './render';

export interface OutboxPolicy {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubles with every further one. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /**
   * A sender holds the message it sends for this long, renewing it every quarter of it while the mail server takes
   * its time; a message whose sender died mid-send is tried again once the lease has run out.
   */
  leaseSeconds: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = { maxAttempts: 6, retryBaseSeconds: 30, retryMaxSeconds: 3600, leaseSeconds: 120 };

/** Writes an e-mail into the outbox, in the caller's transaction: it is sent only if that commits. */
export async function enqueueEmail(
  trx: Db,
  now: Date,
  row: RenderedEmail & { kind: string; to: string; invitationId?: number | null },
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      kind: row.kind,
      to_email: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      invitation_id: row.invitationId ?? null,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
}

/** Seconds to wait after the given number of failed attempts (30 s, 1 min, 2 min, … up to the maximum). */
export function retryDelaySeconds(failedAttempts: number, policy: OutboxPolicy): number {
  return Math.min(policy.retryMaxSeconds, policy.retryBaseSeconds * 2 ** Math.max(0, failedAttempts - 1));
}

/** A message this sender holds the lease of. */
interface ClaimedMessage {
  id: number;
  kind: string;
  to_email: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

/** What the sender tells about each message (main.ts logs it and counts it in the metrics). */
export interface OutboxEvents {
  sent?(message: { id: number; kind: string; attempts: number }): void;
  failed?(message: { id: number; kind: string; attempts: number; final: boolean; reason: string; nextAttemptAt: Date | null }): void;
  /** The lease ran out while sending (the process stalled past it): another sender may have sent the message too. */
  leaseLost?(message: { id: number; kind: string }): void;
}

const leaseEnd = (from: Date, policy: OutboxPolicy) => new Date(from.getTime() + policy.leaseSeconds * 1000);

/**
 * Claims the next due message, one at a time: its next attempt moves past the lease and the claim token is ours
 * (the row is picked with SKIP LOCKED, so two senders never take the same one).
 */
async function claimNext(db: Db, now: Date, policy: OutboxPolicy, token: string): Promise<ClaimedMessage | null> {
  const row = await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseEnd(now, policy), claim_token: token })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'to_email', 'subject', 'html', 'text', 'attempts'])
    .executeTakeFirst();
  return row ?? null;
}

/** The longest a sender keeps trying to record a message's outcome (below the shutdown's grace of 25 s). */
const OUTCOME_RETRY_MAX_MS = 15_000;
/** Pauses between those tries, in ms; the last repeats. */
const OUTCOME_RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000];

/**
 * Records what became of a message the mail server was asked to take, trying again until `deadline` while the
 * database does not answer (a lost connection, a restarting pooler, a switchover to the replica): the mail has
 * left, and an outcome not recorded would send it again once the lease ran out. The claim token still guards the
 * row, and the deadline stays inside the lease, so no other sender has taken the message meanwhile.
 */
async function recordOutcome(deadline: number, record: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await record();
      return;
    } catch (err) {
      const delay = OUTCOME_RETRY_DELAYS_MS[Math.min(attempt, OUTCOME_RETRY_DELAYS_MS.length - 1)];
      if (Date.now() + delay > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Sends the next due message, if any; returns whether there was one. While the mail server takes its time the
 * lease is renewed every quarter of its length, so however slow the server, no other sender takes the message;
 * only a sender that dies mid-send leaves it to be tried again once its lease has run out.
 */
export async function sendNextEmail(db: Db, transport: MailTransport, now: () => Date, policy: OutboxPolicy, events: OutboxEvents = {}): Promise<boolean> {
  const token = randomUUID();
  const message = await claimNext(db, now(), policy, token);
  if (!message) return false;
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = setInterval(() => {
    renewing = db
      .updateTable('outbox')
      .set({ next_attempt_at: leaseEnd(now(), policy) })
      .where('id', '=', message.id)
      .where('claim_token', '=', token)
      .executeTakeFirst()
      .then((r) => {
        if (Number(r.numUpdatedRows) === 0) events.leaseLost?.({ id: message.id, kind: message.kind });
      })
      // A renewal the database refused is not fatal: the next one, or the lease's remaining time, carries on.
      .catch(() => undefined);
  }, Math.max(50, (policy.leaseSeconds * 1000) / 4));
  const attempts = message.attempts + 1;
  let error: unknown = null;
  try {
    await transport.send({ to: message.to_email, subject: message.subject, html: message.html, text: message.text });
  } catch (err) {
    error = err;
  } finally {
    clearInterval(renew);
    await renewing;
  }
  // Once a message has left (or been given up), its subject and body are blanked: they hold accept links and
  // verification codes, which a copy of the database must not give away (docs/security.md, *Threat model*). The
  // demo's embedded transport keeps them: there the outbox is the mailbox people read (/dev/mail); production never
  // uses it.
  const blanked = transport.name === 'embedded' ? {} : { subject: '', html: '', text: '' };
  const recordBy = Date.now() + Math.min(OUTCOME_RETRY_MAX_MS, (policy.leaseSeconds * 1000) / 2);
  if (error === null) {
    await recordOutcome(recordBy, () =>
      db
        .updateTable('outbox')
        .set({ status: 'sent', attempts, sent_at: now(), last_error: null, claim_token: null, ...blanked })
        .where('id', '=', message.id)
        .where('claim_token', '=', token)
        .execute(),
    );
    events.sent?.({ id: message.id, kind: message.kind, attempts });
    return true;
  }
  const final = attempts >= policy.maxAttempts;
  const reason = String((error as Error)?.message ?? error).slice(0, 500);
  const nextAttemptAt = final ? null : new Date(now().getTime() + retryDelaySeconds(attempts, policy) * 1000);
  await recordOutcome(recordBy, () =>
    db
      .updateTable('outbox')
      .set({
        attempts,
        status: final ? 'failed' : 'pending',
        last_error: reason,
        next_attempt_at: nextAttemptAt ?? now(),
        claim_token: null,
        ...(final ? blanked : {}),
      })
      .where('id', '=', message.id)
      .where('claim_token', '=', token)
      .execute(),
  );
  events.failed?.({ id: message.id, kind: message.kind, attempts, final, reason, nextAttemptAt });
  return true;
}

/** Sends what is due, one message at a time, at most `max` of them; returns how many were tried. */
export async function sendDueEmails(
  db: Db,
  transport: MailTransport,
  now: () => Date,
  policy: OutboxPolicy,
  max = 20,
  events: OutboxEvents = {},
  stopping: () => boolean = () => false,
): Promise<number> {
  let tried = 0;
  while (tried < max && !stopping() && (await sendNextEmail(db, transport, now, policy, events))) tried += 1;
  return tried;
}

export interface OutboxSender {
  /** Stops taking messages, lets the one being sent finish (its outcome recorded), and closes the transport. */
  stop(): Promise<void>;
  /** Started and not stopped. */
  running(): boolean;
  /** A message is being sent right now. */
  busy(): boolean;
}

/** Sends what is due every `intervalMs` (never two runs at once) until stopped. */
export function startOutboxSender(
  db: Db,
  transport: MailTransport,
  opts: { now: () => Date; policy?: OutboxPolicy; intervalMs?: number; events?: OutboxEvents; onError?: (err: unknown) => void },
): OutboxSender {
  const policy = opts.policy ?? DEFAULT_OUTBOX_POLICY;
  const poller = startPoller(
    (stopping) => sendDueEmails(db, transport, opts.now, policy, Number.POSITIVE_INFINITY, opts.events, stopping),
    opts.intervalMs ?? 1000,
    opts.onError,
  );
  return {
    async stop() {
      await poller.stop();
      transport.close();
    },
    running: poller.running,
    busy: poller.busy,
  };
}

/** What the inviter sees for a pending invite: sent, retrying, failed (queued before the first attempt). */
export function deliveryState(row: { status: string; attempts: number }): InvitationDeliveryState {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  return row.attempts > 0 ? 'retrying' : 'queued';
}
