import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { startServerProcess } from '../testing/server-process';
import { HttpSession } from '../testing/http-client';

const USERS = ['alice', 'bob', 'carol', 'dave', 'erin'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a condition of the load below (checked every 50 ms), at most 60 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); await sleep(50)) {
    if (Date.now() - started > 60_000) throw new Error(`waited in vain for ${what}`);
  }
}

/**
 * PostgreSQL restarts (a fast shutdown, then a start: a failover or an upgrade) while a server process takes
 * writes (docs/deploying.md, *When the database goes away*). The server's own cluster, so the restart is real.
 */
test('the database restarts under requests: no crash, every answer a 201 or a 503, every acknowledged write kept, writes again after', async () => {
  // The cluster's own folder (as root the cluster runs as the user postgres, who owns it).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'deck-restart-'));
  let cluster: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, durable: false });
  const server = await startServerProcess({
    DATABASE_URL: cluster.url,
    SESSION_SECRET: 'session-secret-session-secret-session-0123',
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'info',
  });
  const acknowledged: string[] = [];
  const answers: Array<{ status: number; afterRestart: boolean }> = [];
  const failures: string[] = [];
  let restarted = false;
  let loading = true;
  try {
    const sessions = await Promise.all(USERS.map((user) => HttpSession.signIn(server.origin, user)));
    const workers = sessions.map(async (session, w) => {
      for (let i = 0; loading; i += 1) {
        try {
          const res = await session.send(server.origin, 'POST', '/api/v4/presentation/', { title: `Restart ${w}-${i}` });
          answers.push({ status: res.status, afterRestart: restarted });
          if (res.status === 201) acknowledged.push((res.body as { oid: string }).oid);
        } catch (err) {
          failures.push(String((err as { cause?: unknown }).cause ?? err));
        }
        await sleep(250);
      }
    });
    // Writes go through before the outage…
    await until(() => acknowledged.length >= USERS.length, 'writes before the restart');
    // A fast shutdown cuts every connection (57P01); for a moment nothing listens; then it is back.
    await cluster.stop();
    await until(() => answers.some((a) => a.status === 503), 'a request answered 503 while the database is down');
    cluster = await startEmbeddedPostgres({ dataDir, durable: false });
    restarted = true;
    // …and again after it, on new connections.
    await until(() => answers.filter((a) => a.afterRestart && a.status === 201).length >= USERS.length, 'writes after the restart');
    loading = false;
    await Promise.all(workers);

    assert.equal(server.child.exitCode, null, `the server is still running: ${server.output().slice(-2000)}`);
    assert.deepEqual(failures, [], 'every request was answered');
    assert.deepEqual([...new Set(answers.map((a) => a.status))].filter((s) => s !== 201 && s !== 503), [], 'only 201 and 503');
    assert.ok(answers.some((a) => a.status === 503), 'the outage was felt');
    assert.ok(answers.some((a) => a.afterRestart && a.status === 201), 'writes succeed again after the restart');
    const lost = server.logs().filter((line) => line.msg === 'database connection lost: the pool opens a new one when needed');
    assert.ok(lost.length > 0, 'the lost connections are logged');

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ oid: string }>('select oid from documents where oid = any($1)', [acknowledged]);
      assert.equal(rows.length, acknowledged.length, 'every acknowledged write survived the restart');
    } finally {
      await client.end();
    }
  } finally {
    loading = false;
    assert.equal(await server.stop(), 0);
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
