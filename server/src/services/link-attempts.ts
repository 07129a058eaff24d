import {
  LINK_CONTROL_MESSAGES,
  LINK_UNLOCK_ATTEMPTS_PER_CLIENT,
  LINK_UNLOCK_ATTEMPTS_PER_LINK,
  LINK_UNLOCK_BACKOFF,
} from '@deck/shared/domains/view-links/link-controls';
import { coded } from '../permissions/messages';
import { deferNextAttempt, endAttempts, nextAttemptAt, reserveAttempt, type AttemptKey } from '../repositories/link-attempts';
import { countHit } from './rate-limits';
import { tooMany } from './refusal';
import type { Db } from './users';

/**
 * The guessing limits of a protected link (docs/decisions.md, *Protected trackable links*). Every attempt is counted
 * before the slow compare, by atomic statements, so simultaneous guesses cannot all be compared:
 * - per client and link: one attempt at a time, its first few without a wait, then a doubling wait after each
 *   failure (LINK_UNLOCK_BACKOFF);
 * - per client, on any link: LINK_UNLOCK_ATTEMPTS_PER_CLIENT;
 * - per link, from everyone: LINK_UNLOCK_ATTEMPTS_PER_LINK, drawn only by attempts beyond a client's own, so others'
 *   failures never refuse a client that has not failed (nor a browser holding the link's unlock: it is not asked).
 */

/** How long an attempt holds the client's next one while it is compared (a crash mid-compare frees it after this). */
const COMPARE_HOLD_SECONDS = 30;

const seconds = (n: number) => n * 1000;

/** The wait after a client's `attempts`-th failure on a link: none within its own attempts, then 1 s doubling. */
export function waitAfterFailure(attempts: number): number {
  const { ownAttempts, firstWaitSeconds, maxWaitSeconds } = LINK_UNLOCK_BACKOFF;
  if (attempts < ownAttempts) return 0;
  return Math.min(maxWaitSeconds, firstWaitSeconds * 2 ** (attempts - ownAttempts));
}

export interface Attempt {
  key: AttemptKey;
  /** This attempt's number in the client's run on the link. */
  number: number;
  /** How many attempts the client has left on any link in this window (sent with a wrong answer). */
  clientAttemptsLeft: number;
}

const refuse = (retryAfterSeconds: number) => tooMany(coded(LINK_CONTROL_MESSAGES, 'tooManyAttempts'), Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * Counts an attempt before it is compared, or refuses it (429 with Retry-After) when the client must wait, has used
 * its attempts, or is beyond its own attempts while the link's shared ones are used up.
 */
export async function beginAttempt(db: Db, key: AttemptKey, now: Date): Promise<Attempt> {
  const client = await countHit(db, 'link-unlock-client', key.clientKey, LINK_UNLOCK_ATTEMPTS_PER_CLIENT, now);
  if (client.hits > LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max) throw refuse(client.retryAfter);
  const hold = new Date(now.getTime() + seconds(COMPARE_HOLD_SECONDS));
  const expires = new Date(now.getTime() + seconds(LINK_UNLOCK_BACKOFF.windowSeconds));
  const number = await reserveAttempt(db, key, now, hold, expires);
  if (number === null) {
    const due = await nextAttemptAt(db, key);
    throw refuse(due ? (due.getTime() - now.getTime()) / 1000 : 1);
  }
  if (number > LINK_UNLOCK_BACKOFF.ownAttempts) {
    const link = await countHit(db, `link-unlock-link-${key.kind}`, String(key.viewLinkId), LINK_UNLOCK_ATTEMPTS_PER_LINK, now);
    if (link.hits > LINK_UNLOCK_ATTEMPTS_PER_LINK.max) {
      await deferNextAttempt(db, key, new Date(now.getTime() + seconds(link.retryAfter)));
      throw refuse(link.retryAfter);
    }
  }
  return { key, number, clientAttemptsLeft: Math.max(0, LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max - client.hits) };
}

/** A wrong answer: the client's next attempt waits (waitAfterFailure). */
export async function attemptFailed(db: Db, attempt: Attempt, now: Date): Promise<void> {
  await deferNextAttempt(db, attempt.key, new Date(now.getTime() + seconds(waitAfterFailure(attempt.number))));
}

/** The right answer ends the client's run on the link. */
export async function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  await endAttempts(db, attempt.key);
}
