import { type Dialect, Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DB } from './schema';
import { migrationProvider } from './migrations';
import { seedDemoData } from './seed';
import { observeDialect, type QueryObserver } from './query-observer';
import { noteNotFromMemory } from './read-record';
import { startEmbeddedPostgres, startScratchPostgres, stoppingWith, type EmbeddedPostgres } from './embedded-postgres';
import { withPreparedStatements } from './prepared-statements';
import { checkRoleSettings, DEFAULT_POOL_SETTINGS, pgPoolConfig, superviseConnections, type PoolSettings } from './pool';

export type Database = Kysely<DB>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; defaults to env DATABASE_URL when no dataDir is given. */
  url?: string;
  /**
   * `url` is a transaction pooler (PgBouncer in transaction mode) and this reaches PostgreSQL itself: what needs a
   * session of its own goes here (the migrations, which set their own time-out, and the LISTEN connections), and the
   * pool's connections send no session settings (the role's defaults carry them; pool.ts, checkRoleSettings).
   */
  directUrl?: string;
  /**
   * Folder of the embedded PostgreSQL cluster (embedded-postgres.ts), started here when no url is given and
   * stopped by db.destroy().
   */
  dataDir?: string;
  /** A throw-away embedded cluster in a new temporary folder (no fsync; removed by db.destroy()): benchmarks. */
  scratch?: boolean;
  /**
   * Run everything inside this schema (created if missing; search_path is set on every connection).
   * Used by the tests to give each test database its own fresh schema.
   */
  schema?: string;
  /** Seed the demo data when the users table is empty (default true). */
  seed?: boolean;
  /** Apply pending migrations (default true); false for a read replica, which replays the primary's. */
  migrate?: boolean;
  /** Connections in the pg pool (default 10). */
  poolSize?: number;
  /** The pool's time-outs (and size, unless poolSize is given); defaults in pool.ts. */
  pool?: Partial<PoolSettings>;
  /** Told of every connection lost (pool.ts); the process goes on and the pool opens new ones. */
  onConnectionLost?: (err: Error) => void;
  /** Sees the pg pool once it is made (the metrics read its counts). */
  onPool?: (pool: pg.Pool) => void;
  /**
   * PostgreSQL: send the hot statements as named prepared statements (default true; prepared-statements.ts).
   * Off for a connection pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
  /** Sees every statement sent to the database (the tests count each route's round trips with it). */
  observer?: QueryObserver;
}

const connectionSettings = new WeakMap<Database, pg.PoolConfig>();

/**
 * The connection settings of a database's pool (its URL, schema, time-outs): for a connection of its own outside
 * the pool, such as the live changes' LISTEN connection (services/live-changes.ts).
 */
export function connectionSettingsOf(db: Database): pg.ClientConfig | undefined {
  return connectionSettings.get(db);
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database (PostgreSQL at the URL, or the embedded cluster in dataDir, started here),
 * applies pending migrations and seeds the demo data on first start.
 */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const schema = opts.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  let url = opts.url ?? (opts.dataDir || opts.scratch ? undefined : process.env.DATABASE_URL);
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    if (opts.scratch) embedded = await startScratchPostgres();
    else if (opts.dataDir) embedded = await startEmbeddedPostgres({ dataDir: opts.dataDir });
    else throw new Error('openDatabase needs a url (or DATABASE_URL), the dataDir of the embedded cluster or scratch');
    url = embedded.url;
  }

  const settings = { ...DEFAULT_POOL_SETTINGS, ...opts.pool, ...(opts.poolSize ? { size: opts.poolSize } : {}) };
  const pooled = opts.directUrl !== undefined;
  const searchPath = schema ? { options: `-c search_path=${schema}` } : {};
  const pool = new pg.Pool({ connectionString: url, ...pgPoolConfig(settings, { sessionSettings: !pooled }), ...searchPath });
  superviseConnections(pool, opts.onConnectionLost ?? (() => undefined));
  opts.onPool?.(pool);
  const prepared = opts.preparedStatements === false ? pool : withPreparedStatements(pool, { planCacheSetting: !pooled });
  const dialect = new PostgresDialect({ pool: prepared });
  const db: Database = new Kysely<DB>({ dialect: observed(embedded ? stoppingWith(dialect, embedded) : dialect, opts.observer) });
  const direct = pooled ? { connectionString: opts.directUrl, ...pgPoolConfig(settings), ...searchPath } : pool.options;
  connectionSettings.set(db, direct);

  try {
    if (pooled) await checkRoleSettings(async (text) => (await sql.raw<{ name: string; setting: string; role: string }>(text).execute(db)).rows, settings);
    await withSession(db, direct, pooled, async (session) => {
      if (schema) await sql.raw(`create schema if not exists ${schema}`).execute(session);
      if (opts.migrate !== false) await migrateToLatest(session, schema);
      if (opts.seed !== false) await seedDemoData(session);
    });
  } catch (err) {
    await db.destroy().catch(() => {});
    throw err;
  }
  return db;
}

/**
 * Runs the start's schema work on `db`, or behind a transaction pooler on a connection straight to PostgreSQL: Kysely's
 * migration lock is a session-level advisory lock taken before the migrations' transaction and released after it, and
 * the migrations lift the time-out for their connection; through the pooler each statement may reach another server
 * connection, leaving the lock held there (the next start would wait on it) and the setting on another client's.
 */
async function withSession(db: Database, direct: pg.PoolConfig, pooled: boolean, work: (session: Database) => Promise<void>): Promise<void> {
  if (!pooled) return work(db);
  const session = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...direct, max: 1 }) }) });
  connectionSettings.set(session, direct);
  try {
    await work(session);
  } finally {
    await session.destroy();
  }
}

/** Every statement is told to the read record of the call that sent it (read-record.ts), and to `observer`. */
function observed(dialect: Dialect, observer: QueryObserver | undefined): Dialect {
  return observeDialect(dialect, {
    onQuery(query) {
      noteNotFromMemory();
      observer?.onQuery(query);
    },
    onTransaction: observer?.onTransaction && (() => observer.onTransaction?.()),
  });
}

export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  // On one connection without the pool's time-outs, PostgreSQL's for a statement and the client's wait for an answer
  // (pool.ts): an index on a large table, or a key changed on it, may take minutes. A connection of its own when the
  // pool's settings are known (the client's wait is the pool's setting), else one of the pool's.
  const settings = connectionSettingsOf(db);
  // The database's own pool is used first: Kysely closes only a pool that was used, and an embedded cluster stops
  // when its pool closes (embedded-postgres.ts, stoppingWith).
  if (settings) await db.connection().execute(async () => undefined);
  const pool = settings && new pg.Pool({ ...settings, max: 1, query_timeout: 0, statement_timeout: 0, idle_in_transaction_session_timeout: 0 });
  // A connection lost while idle is dropped by the pool; one lost mid-migration fails its statement.
  pool?.on('error', () => undefined);
  const own = pool && new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const { error, results } = await (own ?? db).connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: migrationProvider,
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      return await migrator.migrateToLatest();
    } finally {
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
    }
  }).finally(() => own?.destroy());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`, { cause: error });
  }
}
