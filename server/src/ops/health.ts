import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { migrations } from '../db/migrations';

/** What /readyz asks besides the database; main.ts passes the running process's answers. */
export interface ReadinessSources {
  /** The outbox sender is running (false before it starts and once shutdown stopped it). */
  outboxRunning(): boolean;
  /** SIGTERM received: the balancer must stop sending new requests here. */
  draining(): boolean;
}

/** A server built without a process around it (tests, tools): nothing to wait for. */
export const ALWAYS_READY: ReadinessSources = { outboxRunning: () => true, draining: () => false };

/** /readyz fails when the database does not answer within this time (docs/deploying.md, health checks). */
export const READINESS_DATABASE_TIMEOUT_MS = 1000;

const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

export interface ReadinessReport {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable' | 'timeout'; migrations: 'ok' | 'pending' | 'unknown'; outbox: 'running' | 'stopped'; shutdown: 'no' | 'draining' };
}

/** The latest migration this code knows is applied, asked in one statement (which also proves the database answers). */
async function databaseCheck(db: Database, timeoutMs: number): Promise<Pick<ReadinessReport['checks'], 'database' | 'migrations'>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const query = sql<{ applied: boolean }>`select exists (select 1 from kysely_migration where name = ${LATEST_MIGRATION}) as applied`
    .execute(db)
    .then((r) => (r.rows[0]?.applied ? ('ok' as const) : ('pending' as const)))
    .catch(() => 'unreachable' as const);
  try {
    const outcome = await Promise.race([query, timeout]);
    if (outcome === 'timeout' || outcome === 'unreachable') return { database: outcome, migrations: 'unknown' };
    return { database: 'ok', migrations: outcome };
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(db: Database, sources: ReadinessSources, timeoutMs = READINESS_DATABASE_TIMEOUT_MS): Promise<ReadinessReport> {
  const draining = sources.draining();
  const outbox = sources.outboxRunning() ? 'running' : 'stopped';
  // A draining process answers at once: the balancer is to take it out, whatever the database says.
  const database = draining ? { database: 'ok' as const, migrations: 'unknown' as const } : await databaseCheck(db, timeoutMs);
  const checks: ReadinessReport['checks'] = { ...database, outbox, shutdown: draining ? 'draining' : 'no' };
  return { ready: !draining && checks.database === 'ok' && checks.migrations === 'ok' && outbox === 'running', checks };
}

/**
 * GET /healthz: the process is alive and its event loop turns (no database access: a database outage must not make
 * a supervisor restart every instance). GET /readyz: this instance should get traffic: the database answers
 * within a second with every migration applied, the outbox sender runs, and no shutdown has begun. Both are for
 * balancers and supervisors; they set no cookie and are not logged per request.
 */
export function registerHealthRoutes(app: FastifyInstance, opts: { db: Database; sources: ReadinessSources; timeoutMs?: number }): void {
  const routeOptions = { logLevel: 'silent' as const, config: { withoutSession: true } };
  app.get('/healthz', routeOptions, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', routeOptions, async (_request, reply) => {
    const report = await readiness(opts.db, opts.sources, opts.timeoutMs);
    reply.header('Cache-Control', 'no-store').code(report.ready ? 200 : 503);
    return { status: report.ready ? 'ready' : 'not ready', ...report.checks };
  });
}
