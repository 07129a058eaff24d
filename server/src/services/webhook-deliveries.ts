import { startPoller } from './poller';
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_EVENT_LINK_OPENED, WEBHOOK_HEADERS, type LinkOpenedEvent } from '@deck/shared/domains/team-webhooks/webhook-contract';
import { claimNextDelivery, enqueueTeamDelivery, findTeamWebhook, pruneFinishedDeliveries, recordDeliveryAttempt } from '../repositories/team-webhooks';
import { AddressRefused, addressAllowed, bareHost, guardedLookup, type WebhookAddressPolicy } from './webhook-address';
import { openWebhookSecret, webhookSignature } from './webhook-secrets';
import type { Db } from './users';

/**
 * The team webhook's deliveries (docs/decisions.md, *Team webhook*; docs/api.md, *Team webhook*): written in the
 * transaction that records what they tell, sent from here as the outbox sends e-mail (mail/outbox.ts): one at a
 * time per sender, leased so two instances never send one twice, retried with exponential backoff up to a maximum.
 */
export interface WebhookPolicy {
  /** Attempts before a delivery is given up. */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubles with every further one, up to retryMaxSeconds. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** How long a sender holds a delivery; longer than the timeout, so no other sender takes it mid-send. */
  leaseSeconds: number;
  /** A receiver that has not answered in this time has failed the attempt. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { maxAttempts: 8, retryBaseSeconds: 30, retryMaxSeconds: 6 * 3600, leaseSeconds: 60, timeoutMs: 10_000 };

/** Days the delivery log keeps a finished delivery (docs/security.md, *Limits*: retention). */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/** Deletes the log's finished deliveries past WEBHOOK_LOG_RETENTION_DAYS (run by the server's pruning, retention.ts). */
export function pruneWebhookLog(db: Db, now: Date): Promise<number> {
  return pruneFinishedDeliveries(db, new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000));
}

/** Seconds to wait after the given number of failed attempts (30 s, 1 min, 2 min, … up to the maximum). */
export function webhookRetryDelaySeconds(failedAttempts: number, policy: WebhookPolicy): number {
  return Math.min(policy.retryMaxSeconds, policy.retryBaseSeconds * 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * Writes a `link.opened` delivery for the team of the link's creator, if the team has a webhook, in the transaction
 * that records the visit. The visitor is what the link recorded (a name and an address only when it asks for them
 * or verifies them); no IP address is sent.
 */
export async function noteLinkOpenedWebhook(
  trx: Db,
  link: { owner_id: number; link_id: string; name: string; document_title: string },
  visit: { name: string | null; email: string | null; at: Date },
): Promise<string | null> {
  const event: LinkOpenedEvent = {
    event: WEBHOOK_EVENT_LINK_OPENED,
    link: { id: link.link_id, name: link.name },
    document: { title: link.document_title },
    visited_at: visit.at.toISOString(),
    visitor: { name: visit.name, email: visit.email },
  };
  return enqueueTeamDelivery(trx, link.owner_id, WEBHOOK_EVENT_LINK_OPENED, JSON.stringify(event), visit.at);
}

export interface WebhookSenderOptions {
  now: () => Date;
  /** The server's secret, which the webhooks' signing secrets are sealed under (webhook-secrets.ts). */
  serverSecret: string;
  address: WebhookAddressPolicy;
  policy?: WebhookPolicy;
  events?: WebhookEvents;
}

/** What the sender tells about each delivery (logged by the process; never the body or the secret). */
export interface WebhookEvents {
  delivered?(delivery: { id: string; attempts: number; status: number }): void;
  failed?(delivery: { id: string; attempts: number; final: boolean; reason: string }): void;
}

interface Answer {
  status: number;
}

/** POSTs the body: no redirect followed (node's http does not), the address checked on connecting, a timeout. */
function post(url: URL, headers: Record<string, string>, body: string, policy: WebhookPolicy, address: WebhookAddressPolicy): Promise<Answer> {
  const host = bareHost(url);
  // An IP literal is connected to without a lookup: it is checked here instead.
  if (isIP(host) && !addressAllowed(host, url.protocol, address)) return Promise.reject(new AddressRefused(host));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Deck-Webhooks/1', ...headers },
        lookup: guardedLookup(url.protocol, address),
        timeout: policy.timeoutMs,
      },
      (res: IncomingMessage) => {
        // The answer's body is not read into memory: only its status counts.
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${policy.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends the next due delivery, if any; returns whether there was one. */
export async function sendNextWebhook(db: Db, opts: WebhookSenderOptions): Promise<boolean> {
  const policy = opts.policy ?? DEFAULT_WEBHOOK_POLICY;
  const token = randomUUID();
  const started = opts.now();
  const claimed = await claimNextDelivery(db, started, new Date(started.getTime() + policy.leaseSeconds * 1000), token);
  if (!claimed) return false;
  const attempts = claimed.attempts + 1;
  const hook = await findTeamWebhook(db, claimed.team_id);
  const secret = hook ? openWebhookSecret(opts.serverSecret, claimed.team_id, hook.secret_sealed) : null;
  let httpStatus: number | null = null;
  let error: string | null = null;
  let retry = true;
  if (!hook || secret === null) {
    error = hook ? 'The signing secret cannot be read with this server secret; rotate it.' : 'The team has no webhook any more.';
    retry = false;
  } else {
    const unix = Math.floor(opts.now().getTime() / 1000);
    try {
      const answer = await post(
        new URL(hook.url),
        { [WEBHOOK_HEADERS.event]: claimed.event, [WEBHOOK_HEADERS.delivery]: claimed.delivery_id, [WEBHOOK_HEADERS.signature]: webhookSignature(secret, unix, claimed.body) },
        claimed.body,
        policy,
        opts.address,
      );
      httpStatus = answer.status;
      if (answer.status < 200 || answer.status > 299) error = `HTTP ${answer.status}`;
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, 500);
      // A refused address stays refused: it is not tried again.
      if (err instanceof AddressRefused) retry = false;
    }
  }
  const at = opts.now();
  if (error === null) {
    await recordDeliveryAttempt(db, { id: claimed.id, token }, { attempts, at, status: 'delivered', httpStatus, error: null, nextAttemptAt: at });
    opts.events?.delivered?.({ id: claimed.delivery_id, attempts, status: httpStatus ?? 0 });
    return true;
  }
  const final = !retry || attempts >= policy.maxAttempts;
  const nextAttemptAt = final ? at : new Date(at.getTime() + webhookRetryDelaySeconds(attempts, policy) * 1000);
  await recordDeliveryAttempt(db, { id: claimed.id, token }, { attempts, at, status: final ? 'failed' : 'pending', httpStatus, error, nextAttemptAt });
  opts.events?.failed?.({ id: claimed.delivery_id, attempts, final, reason: error });
  return true;
}

/** Sends what is due, one delivery at a time, at most `max`; returns how many were tried. */
export async function sendDueWebhooks(db: Db, opts: WebhookSenderOptions, max = 20, stopping: () => boolean = () => false): Promise<number> {
  let tried = 0;
  while (tried < max && !stopping() && (await sendNextWebhook(db, opts))) tried += 1;
  return tried;
}

export interface WebhookSender {
  /** Stops taking deliveries and lets the one being sent finish. */
  stop(): Promise<void>;
}

/** Sends what is due every `intervalMs` (never two runs at once) until stopped. */
export function startWebhookSender(db: Db, opts: WebhookSenderOptions & { intervalMs?: number; onError?: (err: unknown) => void }): WebhookSender {
  const poller = startPoller((stopping) => sendDueWebhooks(db, opts, Number.POSITIVE_INFINITY, stopping), opts.intervalMs ?? 1000, opts.onError);
  return { stop: poller.stop };
}
