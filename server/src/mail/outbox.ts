import type { InvitationDeliveryState } from '../../../shared/src/api/contract';
import type { Db } from '../services/users';
import type { MailTransport } from './transport';
import type { RenderedEmail } from './render';

export interface OutboxPolicy {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubles with every further one. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** A claimed message not finished within this time (the process died while sending) is tried again. */
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

/**
 * Sends what is due in the outbox. Each message is claimed by moving its next attempt past the
 * lease (rows locked with SKIP LOCKED, so two senders never take the same one), then sent outside
 * any transaction; a failure schedules the next attempt with exponential backoff.
 */
export async function sendDueEmails(db: Db, transport: MailTransport, now: () => Date, policy: OutboxPolicy, batch = 20): Promise<number> {
  const claimedAt = now();
  const claimed = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', claimedAt)
      .orderBy('id')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (!due.length) return [];
    return trx
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(claimedAt.getTime() + policy.leaseSeconds * 1000) })
      .where('id', 'in', due.map((r) => r.id))
      .returning(['id', 'to_email', 'subject', 'html', 'text', 'attempts'])
      .execute();
  });
  for (const message of claimed) {
    const attempts = message.attempts + 1;
    try {
      await transport.send({ to: message.to_email, subject: message.subject, html: message.html, text: message.text });
      await db.updateTable('outbox').set({ status: 'sent', attempts, sent_at: now(), last_error: null }).where('id', '=', message.id).execute();
    } catch (err) {
      const failed = attempts >= policy.maxAttempts;
      await db
        .updateTable('outbox')
        .set({
          attempts,
          status: failed ? 'failed' : 'pending',
          last_error: String((err as Error)?.message ?? err).slice(0, 500),
          next_attempt_at: new Date(now().getTime() + retryDelaySeconds(attempts, policy) * 1000),
        })
        .where('id', '=', message.id)
        .execute();
    }
  }
  return claimed.length;
}

/** Runs sendDueEmails every `intervalMs` (never two runs at once) until stopped. */
export function startOutboxSender(
  db: Db,
  transport: MailTransport,
  opts: { now: () => Date; policy?: OutboxPolicy; intervalMs?: number; onError?: (err: unknown) => void },
): { stop(): Promise<void> } {
  const policy = opts.policy ?? DEFAULT_OUTBOX_POLICY;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sendDueEmails(db, transport, opts.now, policy)
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/** What the inviter sees for a pending invite: sent, retrying, failed (queued before the first attempt). */
export function deliveryState(row: { status: string; attempts: number }): InvitationDeliveryState {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  return row.attempts > 0 ? 'retrying' : 'queued';
}
