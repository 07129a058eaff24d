import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { ReadCache } from '../db/read-cache';

/**
 * Prometheus metrics (prom-client), one registry per server: request counts and durations per route, the
 * database pool, the outbox and the rate-limit refusals, besides the process's own (CPU, memory, event loop lag).
 * Served on METRICS_PORT (a listener apart from the public one) and, when METRICS_TOKEN is set, at /metrics on the
 * public port for `Authorization: Bearer <METRICS_TOKEN>`; the demo serves /metrics openly (docs/deploying.md).
 */
export interface Metrics {
  readonly registry: Registry;
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly rateLimitRefusals: Counter<'route'>;
  readonly outboxSent: Counter;
  readonly outboxFailures: Counter<'final'>;
  readonly databaseErrors: Counter<'kind'>;
  /** Adds a pool to the pool gauges (total, idle and waiting clients). */
  watchPool(pool: pg.Pool): void;
  /** Counts the outbox's pending and failed messages when scraped. */
  watchOutbox(db: Database): void;
  /** Reports the read cache's hit rate, notices and time spent not trusting memory (db/read-cache.ts). */
  watchReadCache(cache: ReadCache): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics | null;
  }
}

/** Route label of a request that matched none (its URL would make a label per path). */
const UNMATCHED = 'unmatched';

export function createMetrics(opts: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const pools: pg.Pool[] = [];
  let outboxDb: Database | null = null;

  const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pools.reduce((sum, pool) => sum + read(pool), 0));
      },
    });
  poolGauge('deck_db_pool_connections', 'Connections the database pool holds.', (pool) => pool.totalCount);
  poolGauge('deck_db_pool_idle_connections', 'Idle connections in the database pool.', (pool) => pool.idleCount);
  poolGauge('deck_db_pool_waiting_requests', 'Queries waiting for a free connection.', (pool) => pool.waitingCount);

  // Registers itself; prom-client reads it on each scrape.
  new Gauge({
    name: 'deck_outbox_messages',
    help: 'E-mails in the outbox by status: pending (to send or being sent) and failed (given up).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!outboxDb) return;
      try {
        const { rows } = await sql<{ status: string; n: number }>`
          select status, count(*)::int as n from outbox where status in ('pending', 'failed') group by status`.execute(outboxDb);
        for (const status of ['pending', 'failed']) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      } catch {
        // The database is away: the gauge keeps its last value, deck_db_errors_total counts the outage.
      }
    },
  });

  let readCache: ReadCache | null = null;
  const cacheGauge = (name: string, help: string, read: (stats: ReturnType<ReadCache['stats']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (readCache) this.set(read(readCache.stats()));
      },
    });
  new Gauge({
    name: 'deck_read_cache_reads',
    help: 'Reads of a session or permission context since start: answered from memory (hit), read from the database (miss), or read from it because memory was not trusted (bypassed).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      if (!readCache) return;
      const stats = readCache.stats();
      this.set({ result: 'hit' }, stats.hits);
      this.set({ result: 'miss' }, stats.misses);
      this.set({ result: 'bypassed' }, stats.bypassed);
    },
  });
  cacheGauge('deck_read_cache_notices', 'Change notices the read cache applied since start.', (stats) => stats.notices);
  cacheGauge('deck_read_cache_flushes', 'Times the read cache emptied its memory (a lost connection, an unsettled gap, a change of everything).', (stats) => stats.flushes);
  cacheGauge('deck_read_cache_untrusted_seconds', 'Seconds since start during which memory was not trusted (listener down, reconnecting or behind).', (stats) => stats.untrustedMs / 1000);
  cacheGauge('deck_read_cache_entries', 'Entries the read cache holds.', (stats) => stats.entries);
  cacheGauge('deck_read_cache_listening', '1 while the read cache listens for change notices, else 0.', (stats) => (stats.listening ? 1 : 0));

  return {
    registry,
    requests: new Counter({ name: 'deck_http_requests_total', help: 'HTTP requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    requestSeconds: new Histogram({
      name: 'deck_http_request_duration_seconds',
      help: 'Seconds from the arrival of a request to its answer, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'deck_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a limit (per client, or the invitation limit), by route.',
      labelNames: ['route'],
      registers: [registry],
    }),
    outboxSent: new Counter({ name: 'deck_outbox_sent_total', help: 'E-mails the mail server accepted.', registers: [registry] }),
    outboxFailures: new Counter({
      name: 'deck_outbox_failures_total',
      help: 'Failed attempts to send an e-mail; final="true" when the message was given up.',
      labelNames: ['final'],
      registers: [registry],
    }),
    databaseErrors: new Counter({
      name: 'deck_db_errors_total',
      help: 'Database connection problems: lost connections (lost) and requests answered 503 for an unreachable or slow database (unavailable).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    watchPool(pool) {
      pools.push(pool);
    },
    watchOutbox(db) {
      outboxDb = db;
    },
    watchReadCache(cache) {
      readCache = cache;
    },
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts and times every request, and serves /metrics on the public port: openly in the demo, only with the bearer
 * token in production (not at all without METRICS_TOKEN: use METRICS_PORT).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, opts: { production: boolean; token: string | null }): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const labels = { method: request.method, route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED), status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route: labels.route });
    done();
  });
  if (opts.production && !opts.token) return;
  app.get('/metrics', { logLevel: 'silent', config: { withoutSession: true } }, async (request, reply) => {
    if (opts.token && !bearerMatches(request.headers.authorization, opts.token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').header('Cache-Control', 'no-store').send({ statusCode: 401, error: 'Unauthorized', message: 'Metrics need the bearer token (METRICS_TOKEN).' });
    }
    reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store');
    return metrics.registry.metrics();
  });
}

/** METRICS_PORT: the metrics alone on a listener of their own, for a network only Prometheus reaches. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
