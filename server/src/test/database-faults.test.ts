import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { connectionSettingsOf, openDatabase, type Database } from '../db/database';
import { captureLogs } from '../testing/log-capture';
import { clientAs, closeTestDatabases, createTestDatabase, type TestDatabase, TEST_READ_CACHE } from '../testing/harness';
import { startTcpProxy } from '../testing/tcp-proxy';

after(closeTestDatabases);

/**
 * The database goes away under a running server (docs/deploying.md, *When the database goes away*): a connection
 * is killed, or the network to it stops answering. The process never crashes, a request answers 503 with
 * Retry-After instead of hanging, and the server recovers on its own.
 */

async function until<T>(attempt: () => Promise<T | null>, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await attempt();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

/** The app on a pool of its own to the test database (`url`), with a route that holds a statement for a while. */
async function appOn(tdb: TestDatabase, url: string, pool: { statementTimeoutMs?: number; connectTimeoutMs?: number } = {}) {
  const logs = captureLogs('info');
  const db: Database = await openDatabase({
    url,
    schema: tdb.schema,
    seed: false,
    pool,
    onConnectionLost: (err) => logs.logger.warn({ err: { message: err.message } }, 'database connection lost'),
  });
  const app: FastifyInstance = await buildApp({ db, config: { readCache: TEST_READ_CACHE, sessionSecret: 'test-secret-test-secret' }, logger: logs.logger });
  // A statement that runs while the test kills its connection.
  app.get('/test/slow', async () => {
    await sql`select pg_sleep(3)`.execute(db);
    return { slept: true };
  });
  await app.ready();
  return { app, db, logs, async close() {
    await app.close();
    await db.destroy();
  } };
}

describe('the database connection is killed (pg_terminate_backend)', () => {
  test('the process goes on: a request whose connection died answers 503, the next ones are served on new connections', async () => {
    const tdb = await createTestDatabase();
    const server = await appOn(tdb, tdb.url);
    try {
      const alice = await clientAs(server.app, 'alice');
      // Several connections open and idle in the pool.
      await Promise.all(Array.from({ length: 8 }, () => alice.get('/api/v1/session/')));
      const slow = server.app.inject({ method: 'GET', url: '/test/slow' });
      await until(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`.execute(tdb.db);
        return rows[0].n > 0 ? true : null;
      }, 'the slow statement running');
      // Every connection of this test's pool, idle or busy, is killed by the server (SQLSTATE 57P01).
      const killed = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity, pg_terminate_backend(pid)
        where datname = current_database() and pid <> pg_backend_pid() and application_name = 'deck-sharing'`.execute(tdb.db);
      assert.ok(killed.rows[0].n >= 2, `connections killed: ${killed.rows[0].n}`);

      const answered = await slow;
      assert.equal(answered.statusCode, 503, answered.body);
      assert.equal(answered.headers['retry-after'], '2');
      assert.equal(answered.json().code, 'DATABASE_UNAVAILABLE');

      // Requests right after: each is served (a new connection), or at worst a 503; never a 500, never a crash.
      const statuses = (await Promise.all(Array.from({ length: 20 }, () => alice.get('/api/v1/session/')))).map((res) => res.status);
      assert.ok(statuses.every((status) => status === 200 || status === 503), statuses.join(','));
      await until(async () => ((await alice.get('/api/v1/session/')).body.user?.email === 'alice@example.com' ? true : null), 'a signed-in answer');
      assert.ok(server.logs.lines().some((line) => line.msg === 'database connection lost'), 'the lost connections are logged');
    } finally {
      await server.close();
      await tdb.cleanup();
    }
  });
});

describe('the database stops answering (a black-holed network)', () => {
  test('signed-in requests answer 503 within the time-outs, /readyz fails, /healthz holds; all is well once the network is back', async () => {
    const tdb = await createTestDatabase();
    const proxy = await startTcpProxy(tdb.url);
    const server = await appOn(tdb, proxy.url, { statementTimeoutMs: 300, connectTimeoutMs: 300 });
    try {
      const alice = await clientAs(server.app, 'alice');
      assert.equal((await alice.get('/api/v1/session/')).body.user.email, 'alice@example.com');
      proxy.blackHole();

      const statuses = (await Promise.all(Array.from({ length: 12 }, () => alice.get('/api/v1/session/')))).map((res) => res.status);
      assert.deepEqual([...new Set(statuses)], [503]);
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      // No answer within a second, or the pool gave up connecting first (its own, shorter time-out here).
      assert.ok(['timeout', 'unreachable'].includes(ready.json().database), ready.body);
      assert.equal((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process is alive');
      // What needs no database is still served to a visitor without a session.
      assert.equal((await server.app.inject({ method: 'GET', url: '/config.json' })).statusCode, 200);

      proxy.restore();
      await until(async () => ((await alice.get('/api/v1/session/')).status === 200 ? true : null), 'a signed-in answer after the network is back');
      await until(async () => ((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200 ? true : null), '/readyz ready again');
    } finally {
      proxy.restore();
      await server.close();
      await proxy.close();
      await tdb.cleanup();
    }
  });
});

/**
 * Behind a transaction pooler (docs/deploying.md, *Connections*): PgBouncer before 1.19 refuses a connection that sends
 * session settings at start-up, and a session setting would not follow its server connections. With
 * DATABASE_DIRECT_URL the pool sends none and relies on the role's defaults, which the start checks; the LISTEN
 * connections and the migrations go straight to PostgreSQL. (scripts/deployment/ runs it behind a real PgBouncer.)
 */
describe('behind a transaction pooler (a direct URL given)', () => {
  test('the start stops, naming the ALTER ROLE to run, while the role lacks the time-outs; then the pool sends no session setting and listens directly', async () => {
    const tdb = await createTestDatabase({ seed: false });
    const proxy = await startTcpProxy(tdb.url);
    const database = new URL(tdb.url).pathname.slice(1);
    const open = () => openDatabase({ url: tdb.url, directUrl: proxy.url, schema: tdb.schema, seed: false, pool: { statementTimeoutMs: 4000 } });
    try {
      await assert.rejects(open(), /ALTER ROLE "[^"]+" SET statement_timeout = '4000ms'; ALTER ROLE "[^"]+" SET idle_in_transaction_session_timeout = '8000ms';/);

      await sql.raw(`alter role current_user in database ${database} set statement_timeout = '4000ms'`).execute(tdb.db);
      await sql.raw(`alter role current_user in database ${database} set idle_in_transaction_session_timeout = '8000ms'`).execute(tdb.db);
      const db = await open();
      try {
        const { rows } = await sql<{ source: string; setting: string }>`select source, setting from pg_settings where name = 'statement_timeout'`.execute(db);
        assert.deepEqual(rows[0], { source: 'database user', setting: '4000' }, 'the role default, not a start-up parameter');
        assert.equal(connectionSettingsOf(db)?.connectionString, proxy.url, 'the LISTEN connections go straight to PostgreSQL');
      } finally {
        await db.destroy();
      }
    } finally {
      await sql.raw(`alter role current_user in database ${database} reset all`).execute(tdb.db);
      await proxy.close();
      await tdb.cleanup();
    }
  });
});
