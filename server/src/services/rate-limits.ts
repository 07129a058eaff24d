import { coded, registerCatalogue } from '../permissions/messages';
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { RateLimitBucket, ServerConfig, WindowLimit } from '../config';
import { tooMany } from './refusal';
import type { Db } from './users';

export const RATE_LIMIT_MESSAGES = { rateLimited: 'Too many requests. Try again in {seconds} second(s).' } as const;
registerCatalogue('', RATE_LIMIT_MESSAGES);

/** Expands an IPv6 address to its eight groups (no '::'). */
function ipv6Groups(ip: string): string[] {
  const [head, tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * Whom a limit counts: the signed-in user, else the client address. An IPv6 client counts by its
 * /64 (one subscriber's network), since anyone holding a /64 can pick any address in it.
 */
export function clientKey(request: FastifyRequest): string {
  if (request.currentUser) return `user:${request.currentUser.id}`;
  const ip = request.ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  if (isIPv6(ip)) return `net:${ipv6Groups(ip.split('%')[0]).slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
  return `ip:${ip}`;
}

export interface WindowHit {
  /** Requests counted in this window, this one included. */
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Counts one request in the current fixed window of `bucket` for `key`. The upsert is one atomic
 * statement, so concurrent requests on any number of server instances are all counted.
 */
export async function countHit(db: Db, bucket: string, key: string, limit: WindowLimit, now: Date): Promise<WindowHit> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket, client_key: key, window_start: new Date(start), window_end: new Date(start + windowMs), hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'client_key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return { hits: row.hits, retryAfter: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** The hits counted so far in the current window of `bucket` for `key`, without counting one. */
export async function peekHits(db: Db, bucket: string, key: string, limit: WindowLimit, now: Date): Promise<WindowHit> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('client_key', '=', key)
    .where('window_start', '=', new Date(start))
    .executeTakeFirst();
  return { hits: row?.hits ?? 0, retryAfter: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** Counts the request against its route class; over the limit: 429 with Retry-After (nothing else runs). */
export async function enforceRateLimit(db: Db, config: ServerConfig, request: FastifyRequest, bucket: RateLimitBucket): Promise<void> {
  const limit = config.rateLimits[bucket];
  const { hits, retryAfter } = await countHit(db, bucket, clientKey(request), limit, config.now());
  if (hits <= limit.max) return;
  throw tooMany(coded(RATE_LIMIT_MESSAGES, 'rateLimited', { seconds: String(retryAfter) }), retryAfter);
}

/** A route's preHandler that enforces its route class's limit (runs after the session has named the user). */
export function rateLimitHook(db: Db, config: ServerConfig, bucket: RateLimitBucket) {
  return async (request: FastifyRequest): Promise<void> => enforceRateLimit(db, config, request, bucket);
}
