import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { closeTestDatabases, createEmptyDatabase, dataTables } from '../testing';
import { startServerProcess, type LogLine } from '../testing/server-process';

/** The settings of a production instance (docs/deploying.md), without a mail server: MAIL_DISABLED=1. */
const PRODUCTION = {
  DECK_PRODUCTION: '1',
  SESSION_SECRET: 'session-secret-session-secret-session-0123',
  HOST_IDENTITY_SECRET: 'host-secret-host-secret-host-secret-0123',
  HOST_IDENTITY_ISSUER: 'https://host.example',
  HOST_IDENTITY_AUDIENCE: 'deck-sharing',
  PUBLIC_ORIGIN: 'https://deck.example',
  HOST_SIGN_IN_URL: 'https://host.example/login?next={return}',
  MAIL_DISABLED: '1',
};

/** A new empty database for one server process, dropped when the file ends. */
const databases: Array<() => Promise<void>> = [];
async function newDatabase(): Promise<string> {
  const created = await createEmptyDatabase();
  databases.push(created.drop);
  return created.url;
}
after(async () => {
  for (const drop of databases) await drop();
  await closeTestDatabases();
});

/** Row counts of every data table. */
async function rowCounts(db: Awaited<ReturnType<typeof openDatabase>>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await dataTables(db)) {
    out[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  }
  return out;
}

describe('the server process', () => {
  test('a production start on an empty database holds no rows but those the migrations write (no demo data)', async () => {
    const url = await newDatabase();
    const server = await startServerProcess({ ...PRODUCTION, DATABASE_URL: url });
    assert.equal(await server.stop(), 0, server.output());

    const started = await openDatabase({ url, seed: false });
    const migratedOnly = await openDatabase({ url: await newDatabase(), seed: false });
    try {
      const counts = await rowCounts(started);
      assert.equal(counts.users, 0, 'no demo accounts');
      assert.deepEqual(counts, await rowCounts(migratedOnly));
    } finally {
      await started.destroy();
      await migratedOnly.destroy();
    }
  });

  test('bad settings stop the start with every problem at once, one JSON line each naming its variable', async () => {
    const server = await startServerProcess(
      {
        ...PRODUCTION,
        DATABASE_URL: 'mysql://db.internal/deck',
        DECK_PRODUCTION: 'yes',
        SESSION_SECRET: 'short',
        TRUST_PROXY: 'true',
        MAIL_DISABLED: undefined,
        SMTP_URL: 'mail.example.com',
        LOG_LEVEL: 'loud',
        DATABASE_POOL_SIZE: 'ten',
        DATABASE_STATEMENT_TIMEOUT_MS: '-5',
        PORT: '99999',
      },
      { waitUntilReady: false, port: 1 },
    );
    assert.equal(await server.exited, 1);
    const lines = server.logs();
    for (const line of lines) assert.equal(typeof line.time, 'string', `every line is JSON: ${line.msg}`);
    const named = lines.filter((line) => line.level === 'fatal').map((line) => line.variable);
    for (const variable of ['DECK_PRODUCTION', 'SESSION_SECRET', 'TRUST_PROXY', 'SMTP_URL', 'LOG_LEVEL', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'DATABASE_STATEMENT_TIMEOUT_MS', 'PORT']) {
      assert.ok(named.includes(variable), `${variable} is named: ${server.output()}`);
    }
    assert.ok(!server.output().includes('    at '), 'no stack trace for a configuration problem');
  });

  test('health checks, JSON log lines, and a request id per request that honours X-Request-Id', async () => {
    const server = await startServerProcess({ ...PRODUCTION, DATABASE_URL: await newDatabase(), LOG_LEVEL: 'info' });
    try {
      const healthz = await fetch(`${server.origin}/healthz`);
      assert.equal(healthz.status, 200);
      assert.equal(healthz.headers.get('set-cookie'), null, 'a health check gets no cookie');
      const readyz = await fetch(`${server.origin}/readyz`);
      assert.equal(readyz.status, 200);
      assert.deepEqual(await readyz.json(), { status: 'ready', database: 'ok', migrations: 'ok', outbox: 'running', shutdown: 'no' });

      const given = await fetch(`${server.origin}/api/v1/session/`, { headers: { 'X-Request-Id': 'balancer-1234' } });
      assert.equal(given.headers.get('x-request-id'), 'balancer-1234');
      const first = (await fetch(`${server.origin}/api/v1/session/`)).headers.get('x-request-id');
      const second = (await fetch(`${server.origin}/api/v1/session/`, { headers: { 'X-Request-Id': 'bad id\twith spaces' } })).headers.get('x-request-id');
      assert.match(first ?? '', /^[0-9a-f-]{36}$/, 'a UUID, unique across processes');
      assert.notEqual(first, second);
      assert.match(second ?? '', /^[0-9a-f-]{36}$/, 'an id that is not sane is replaced');
    } finally {
      assert.equal(await server.stop(), 0);
    }
    const lines = server.logs();
    for (const line of lines) assert.equal(typeof line.time, 'string', `every line is JSON: ${line.msg}`);
    const requestLine = (id: string) => lines.find((line: LogLine) => line.request_id === id && line.msg === 'request completed');
    const logged = requestLine('balancer-1234');
    assert.ok(logged, server.output());
    assert.deepEqual(logged.req, { method: 'GET', url: '/api/v1/session/', route: '/api/v1/session/', remoteAddress: '127.0.0.1' });
    assert.deepEqual(logged.res, { statusCode: 200 });
    assert.ok(lines.some((line) => line.msg === 'server running in production mode on port ' + server.port));
    assert.ok(!lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/healthz'), 'health checks are not logged per request');
    assert.ok(lines.some((line) => line.msg === 'shutdown complete'));
  });
});
