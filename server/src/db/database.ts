import { mkdirSync } from 'node:fs';
import { CompiledQuery, type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DB } from './schema';
import { migrationProvider } from './migrations';
import { seedDemoData } from './seed';
import { observeDialect, type QueryObserver } from './query-observer';
import { lockDataFolder } from './data-folder-lock';
import { withPreparedStatements } from './prepared-statements';
import { DEFAULT_POOL_SETTINGS, pgPoolConfig, superviseConnections, type PoolSettings } from './pool';

export type Database = Kysely<DB>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; defaults to env DATABASE_URL when neither dataDir nor memory is given. */
  url?: string;
  /** Folder for an embedded PGlite database (created if missing). */
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /**
   * Run everything inside this schema (created if missing; search_path is set on every connection).
   * Used by the tests to give each test database its own fresh schema.
   */
  schema?: string;
  /** Use this already-open PGlite instance (it is not closed by db.destroy()). */
  pglite?: PGlite;
  /** Seed the demo data when the users table is empty (default true). */
  seed?: boolean;
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

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database (PGlite in a folder or in memory, or PostgreSQL when a URL is given),
 * applies pending migrations and seeds the demo data on first start.
 */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const schema = opts.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const url = opts.url ?? (opts.dataDir || opts.memory || opts.pglite ? undefined : process.env.DATABASE_URL);

  let db: Database;
  if (url) {
    const settings = { ...DEFAULT_POOL_SETTINGS, ...opts.pool, ...(opts.poolSize ? { size: opts.poolSize } : {}) };
    const pool = new pg.Pool({
      connectionString: url,
      ...pgPoolConfig(settings),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    superviseConnections(pool, opts.onConnectionLost ?? (() => undefined));
    opts.onPool?.(pool);
    db = new Kysely<DB>({ dialect: observed(new PostgresDialect({ pool: opts.preparedStatements === false ? pool : withPreparedStatements(pool) }), opts.observer) });
  } else {
    let instance: PGlite;
    if (opts.pglite) {
      instance = schemaBoundPglite(opts.pglite, schema) as unknown as PGlite;
    } else if (opts.dataDir && !opts.memory) {
      mkdirSync(opts.dataDir, { recursive: true });
      const release = lockDataFolder(opts.dataDir);
      try {
        instance = new PGlite(opts.dataDir);
      } catch (err) {
        release();
        throw err;
      }
      // db.destroy() closes the PGlite instance; the folder is free once it is closed.
      const close = instance.close.bind(instance);
      instance.close = async () => {
        try {
          await close();
        } finally {
          release();
        }
      };
    } else {
      instance = new PGlite();
    }
    db = new Kysely<DB>({
      dialect: observed(new PGliteDialect({
        pglite: instance,
        onCreateConnection: schema && !opts.pglite
          ? async (conn) => {
              await conn.executeQuery(CompiledQuery.raw(`set search_path to ${schema}`));
            }
          : undefined,
      }), opts.observer),
    });
  }

  try {
    if (schema) await sql.raw(`create schema if not exists ${schema}`).execute(db);
    await migrateToLatest(db, schema);
    if (opts.seed !== false) await seedDemoData(db);
  } catch (err) {
    await db.destroy().catch(() => {});
    throw err;
  }
  return db;
}

function observed(dialect: Dialect, observer: QueryObserver | undefined): Dialect {
  return observer ? observeDialect(dialect, observer) : dialect;
}

export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  // On one connection without the pool's statement time-out: an index on a large table may take minutes.
  const { error, results } = await db.connection().execute(async (connection) => {
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
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`, { cause: error });
  }
}

const sharedState = new WeakMap<PGlite, { lock: Promise<unknown>; current: string | undefined }>();

/**
 * A view of a shared PGlite instance bound to one schema: every query (and whole transaction) runs
 * under a lock that first sets search_path when another view used the instance last. close() is a no-op,
 * so destroying the Kysely instance keeps the shared PGlite open. Used by the tests.
 */
function schemaBoundPglite(target: PGlite, schema: string | undefined) {
  let state = sharedState.get(target);
  if (!state) {
    state = { lock: Promise.resolve(), current: undefined };
    sharedState.set(target, state);
  }
  const st = state;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = st.lock.then(async () => {
      const wanted = schema ?? 'public';
      if (st.current !== wanted) {
        await target.exec(`set search_path to ${wanted}`);
        st.current = wanted;
      }
      return fn();
    });
    st.lock = run.catch(() => {});
    return run;
  };
  return {
    get closed() {
      return target.closed;
    },
    get ready() {
      return target.ready;
    },
    get waitReady() {
      return target.waitReady;
    },
    async close() {},
    query<T>(query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) {
      return exclusive(() => target.query<T>(query, params as never, options));
    },
    transaction<T>(callback: Parameters<PGlite['transaction']>[0]) {
      return exclusive(() => target.transaction(callback as never) as Promise<T>);
    },
  };
}
