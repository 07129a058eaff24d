import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { closeTestDatabases, createEmptyDatabase, dataTables } from '../testing/harness';
import { SMTPServer } from 'smtp-server';
import { freePort, startServerProcess, type LogLine } from '../testing/server-process';
import { HttpSession } from '../testing/http-client';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

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
        DATABASE_READ_URL: 'replica.internal',
        DATABASE_DIRECT_URL: 'db.internal:5432',
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
    for (const variable of ['DECK_PRODUCTION', 'SESSION_SECRET', 'TRUST_PROXY', 'SMTP_URL', 'LOG_LEVEL', 'DATABASE_URL', 'DATABASE_READ_URL', 'DATABASE_DIRECT_URL', 'DATABASE_POOL_SIZE', 'DATABASE_STATEMENT_TIMEOUT_MS', 'PORT']) {
      assert.ok(named.includes(variable), `${variable} is named: ${server.output()}`);
    }
    assert.ok(!server.output().includes('    at '), 'no stack trace for a configuration problem');
  });

  test('a database that refuses the password, or that nothing answers for, stops the start with one line saying which', async () => {
    const good = new URL(await newDatabase());
    const wrongPassword = new URL(good);
    wrongPassword.password = 'not-the-password';
    const nobody = `postgres://deck:secret-pw@127.0.0.1:${await freePort()}/deck`;
    for (const [url, expected] of [
      [wrongPassword.toString(), /^Cannot start: DATABASE_URL: the database at .* refused the user or password: check DATABASE_URL\.$/],
      [nobody, /^Cannot start: DATABASE_URL: nothing accepts connections at 127\.0\.0\.1:\d+\/deck as deck: is PostgreSQL running there/],
    ] as const) {
      const server = await startServerProcess({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_MS: '2000' }, { waitUntilReady: false });
      assert.equal(await server.exited, 1, server.output());
      const fatal = server.logs().filter((line) => line.level === 'fatal');
      assert.equal(fatal.length, 1, server.output());
      assert.equal(fatal[0].variable, 'DATABASE_URL');
      assert.match(String(fatal[0].msg), expected);
      assert.ok(!server.output().includes('    at '), 'no stack trace');
      assert.ok(!server.output().includes('not-the-password') && !server.output().includes('secret-pw'), 'no password');
    }
  });

  test('a crash is one JSON line with its stack before the process exits 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/src/testing/crash-fixture.ts')], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const [line] = run.stdout.trim().split('\n').map((text) => JSON.parse(text) as { level: string; msg: string; err: { message: string; stack: string } });
    assert.equal(line.level, 'fatal');
    assert.equal(line.msg, 'uncaught exception: exiting');
    assert.equal(line.err.message, 'boom');
    assert.match(line.err.stack, /Error: boom\n\s+at /);
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
    // Production has no /dev/mail: the start-up says where e-mail goes instead.
    assert.ok(!server.output().includes('/dev/mail'));
    assert.ok(lines.some((line) => line.msg === 'e-mail is turned off (MAIL_DISABLED=1): e-mails wait in the outbox, unsent'));
    assert.ok(!lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/healthz'), 'health checks are not logged per request');
    assert.ok(lines.some((line) => line.msg === 'shutdown complete'));
  });

  test('SMTP: checked at start-up (a warning that names the server when it does not answer); a refusal of a message is logged', async () => {
    const unreachable = await startServerProcess({ DATABASE_URL: await newDatabase(), SMTP_URL: `smtp://user:secret-pw@127.0.0.1:${await freePort()}` });
    try {
      await until(() => unreachable.logs().some((line) => line.msg?.startsWith('SMTP server check failed')), 'the SMTP warning');
      const warning = unreachable.logs().find((line) => line.msg?.startsWith('SMTP server check failed'))!;
      assert.equal(warning.level, 'warn');
      assert.match(String(warning.smtp), /^smtp:\/\/127\.0\.0\.1:\d+$/);
      assert.match(String(warning.reason), /ECONNREFUSED/);
    } finally {
      await unreachable.stop();
    }
    assert.ok(!unreachable.output().includes('secret-pw'), 'the SMTP password is never logged');

    // A mail server that takes the connection and refuses every message.
    const refusing = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const server = await startServerProcess({ DATABASE_URL: await newDatabase(), SMTP_URL: `smtp://127.0.0.1:${(refusing.server.address() as { port: number }).port}` });
    try {
      await until(() => server.logs().some((line) => line.msg === 'SMTP server accepted the connection and login'), 'the SMTP check');
      const alice = await HttpSession.signIn(server.origin, 'alice');
      const invited = await alice.send(server.origin, 'PUT', `/api/v1/share/${'qv7n2kx9d4rm'}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' });
      assert.equal(invited.status, 200);
      await until(() => server.logs().some((line) => line.msg === 'e-mail not accepted by the mail server: will try again'), 'the refusal logged');
      const refusal = server.logs().find((line) => line.msg === 'e-mail not accepted by the mail server: will try again')!;
      assert.equal(refusal.level, 'warn');
      assert.match(String(refusal.reason), /451/);
      assert.equal(refusal.attempts, 1);
      assert.ok(!server.output().includes('newcomer@example.com'), 'no recipient address in the log');
    } finally {
      await server.stop();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  test('METRICS_PORT: the metrics on a listener of their own, with the pool and the outbox; production serves none on the public port', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ ...PRODUCTION, DATABASE_URL: await newDatabase(), METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
    try {
      await fetch(`${server.origin}/api/v1/session/`);
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(scraped.status, 200);
      const text = await scraped.text();
      assert.match(text, /^deck_db_pool_connections \d+$/m);
      assert.match(text, /^deck_db_pool_idle_connections \d+$/m);
      assert.match(text, /^deck_db_pool_waiting_requests 0$/m);
      assert.match(text, /^deck_outbox_messages\{status="pending"\} 0$/m);
      assert.match(text, /^deck_http_requests_total\{method="GET",route="\/api\/v1\/session\/",status="200"\} 1$/m);
      assert.match(text, /^process_cpu_seconds_total /m);
      assert.equal((await fetch(`${server.origin}/metrics`)).status, 404, 'not on the public port in production');
    } finally {
      await server.stop();
    }
  });
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}
