import type pg from 'pg';
import { StartupError } from '../production';

/**
 * The PostgreSQL pool's size and time-outs (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS,
 * DATABASE_CONNECT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS; docs/deploying.md). With them an unreachable or
 * black-holed database costs a request a few seconds and a 503, never an open-ended wait.
 */
export interface PoolSettings {
  /** Connections per process. */
  size: number;
  /** PostgreSQL cancels a statement after this (statement_timeout); the client gives up on an answer a second later. */
  statementTimeoutMs: number;
  /** Longest wait for a connection: opening one, or a free one from a full pool. */
  connectTimeoutMs: number;
  /** An idle connection is closed after this. */
  idleTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = { size: 10, statementTimeoutMs: 5000, connectTimeoutMs: 3000, idleTimeoutMs: 30_000 };

/** The client waits this much longer than the statement time-out before it takes the connection for dead. */
const READ_GRACE_MS = 1000;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new StartupError(`${name}="${raw}" is not a whole number from 1 to ${max} (default ${fallback}).`);
  }
  return Number(raw);
}

/** The pool settings from the environment; every bad value is reported, each naming its variable. */
export function poolSettingsFromEnv(env: NodeJS.ProcessEnv, report: (err: StartupError) => void): PoolSettings {
  const read = (name: string, fallback: number, max: number) => {
    try {
      return positiveInteger(env, name, fallback, max);
    } catch (err) {
      if (!(err instanceof StartupError)) throw err;
      report(err);
      return fallback;
    }
  };
  return {
    size: read('DATABASE_POOL_SIZE', DEFAULT_POOL_SETTINGS.size, 1000),
    statementTimeoutMs: read('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_POOL_SETTINGS.statementTimeoutMs, 3_600_000),
    connectTimeoutMs: read('DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_POOL_SETTINGS.connectTimeoutMs, 600_000),
    idleTimeoutMs: read('DATABASE_IDLE_TIMEOUT_MS', DEFAULT_POOL_SETTINGS.idleTimeoutMs, 3_600_000),
  };
}

/** The session settings each connection of the pool needs on the server (sent when it opens, or the role's defaults). */
function sessionTimeouts(settings: PoolSettings): { statement_timeout: number; idle_in_transaction_session_timeout: number } {
  // PostgreSQL cancels a statement that runs too long, and ends a transaction left idle.
  return { statement_timeout: settings.statementTimeoutMs, idle_in_transaction_session_timeout: settings.statementTimeoutMs * 2 };
}

/**
 * node-postgres settings for a pool with these limits. `sessionSettings: false` for a transaction pooler (PgBouncer in
 * transaction mode): it refuses a connection that sends session settings in its start-up packet ("unsupported startup
 * parameter"), and a session setting would not follow the pooler's server connections anyway, so the role's defaults
 * carry them there ({@link checkRoleSettings}; docs/deploying.md, *Connections*).
 */
export function pgPoolConfig(settings: PoolSettings, opts: { sessionSettings?: boolean } = {}): pg.PoolConfig {
  return {
    max: settings.size,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    ...(opts.sessionSettings === false ? {} : sessionTimeouts(settings)),
    // Client side: a database that does not answer at all (a network partition) fails the query too.
    query_timeout: settings.statementTimeoutMs + READ_GRACE_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'deck-sharing',
  };
}

const SUPERVISED = Symbol('deck.supervised');

/**
 * Keeps the process alive through lost connections (a database restart, a failover, `pg_terminate_backend`): the
 * pool's 'error' event (an idle connection lost) and each connection's own (lost while in use) are reported instead
 * of crashing the process, and the pool drops the broken connection and opens a new one when needed. A connection
 * whose query got no answer in time is closed, so the next query does not queue behind the lost one.
 */
export function superviseConnections(pool: pg.Pool, onLost: (err: Error) => void): void {
  pool.on('error', (err) => onLost(err));
  pool.on('connect', (client) => {
    const marked = client as pg.PoolClient & { [SUPERVISED]?: true };
    if (marked[SUPERVISED]) return;
    marked[SUPERVISED] = true;
    client.on('error', (err) => onLost(err));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).catch === 'function') {
        (result as Promise<unknown>).catch((err: unknown) => {
          if ((err as Error)?.message === 'Query read timeout') {
            (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
          }
        });
      }
      return result;
    };
  });
}

/**
 * Behind a transaction pooler the time-outs come from the role's defaults (ALTER ROLE … SET), which every server
 * connection of the pooler starts with: the start stops, naming the statements to run, when they differ from the
 * pool's settings, since a statement without its time-out could hold a pooled connection for ever.
 */
export async function checkRoleSettings(query: (text: string) => Promise<Array<{ name: string; setting: string; role: string }>>, settings: PoolSettings): Promise<void> {
  const wanted = sessionTimeouts(settings);
  const rows = await query(
    `select name, setting, current_user as role from pg_settings where name in ('statement_timeout', 'idle_in_transaction_session_timeout')`,
  );
  const wrong = Object.entries(wanted).filter(([name, ms]) => rows.find((row) => row.name === name)?.setting !== String(ms));
  if (wrong.length === 0) return;
  const role = rows[0]?.role ?? 'deck';
  const statements = wrong.map(([name, ms]) => `ALTER ROLE "${role.replace(/"/g, '""')}" SET ${name} = '${ms}ms';`).join(' ');
  throw new StartupError(
    `DATABASE_URL: behind a transaction pooler (DATABASE_DIRECT_URL is set) the connections' time-outs are the role's defaults, and they differ from DATABASE_STATEMENT_TIMEOUT_MS: run ${statements}`,
  );
}
