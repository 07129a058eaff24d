import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, startScratchPostgres } from './embedded-postgres';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const isRoot = userInfo().uid === 0;

async function currentUser(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ user: string }>('select current_user as "user"')).rows[0].user;
  } finally {
    await client.end();
  }
}

function processUid(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

test('a cluster starts, answers on its socket and stops; as root it runs as the system user postgres', async () => {
  const cluster = await startScratchPostgres();
  try {
    assert.equal(await currentUser(cluster.url), 'deck');
    const postmaster = Number.parseInt(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8'), 10);
    const expectedUid = isRoot ? Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout) : userInfo().uid;
    assert.equal(processUid(postmaster), expectedUid);
    assert.match(cluster.url, /\?host=/, 'a Unix socket, no TCP port');
  } finally {
    await cluster.stop();
  }
  assert.ok(!existsSync(cluster.dataDir), 'a throw-away cluster is removed when it stops');
});

test('as an unprivileged user the cluster runs as that user', () => {
  // Run as root, the check drops to `nobody`; run as anyone else, it runs as that user.
  const script =
    "require('./server/src/db/embedded-postgres.ts').startScratchPostgres().then(async (c) => {" +
    " const pg = require('pg'); const client = new pg.Client(c.url); await client.connect();" +
    " const { rows } = await client.query('select 1 as one'); await client.end(); await c.stop();" +
    " console.log(JSON.stringify({ one: rows[0].one, uid: process.getuid() })); })";
  const ids = isRoot ? { uid: 65534, gid: 65534 } : {};
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, HOME: tmpdir() },
    ...ids,
  });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { one: number; uid: number };
  assert.equal(result.one, 1);
  assert.notEqual(result.uid, 0);
});

test("the package's signal and exit hooks are taken off: the server's own shutdown keeps the say", async () => {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit'] as const;
  const before = events.map((event) => process.listenerCount(event));
  const exitBefore = process.listenerCount('exit');
  const cluster = await startScratchPostgres();
  try {
    assert.deepEqual(
      events.map((event) => process.listenerCount(event)),
      before,
    );
    assert.equal(process.listenerCount('exit'), exitBefore + 1, 'one exit hook of our own, which stops the postmaster');
  } finally {
    await cluster.stop();
  }
  assert.equal(process.listenerCount('exit'), exitBefore, 'removed when the cluster stops');
});

test('a data folder that holds something other than a cluster is refused with a clear message', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'deck-not-a-cluster-'));
  try {
    writeFileSync(path.join(dataDir, 'notes.txt'), 'mine\n');
    await assert.rejects(startEmbeddedPostgres({ dataDir }), /is not empty and holds no PostgreSQL cluster: set DATA_DIR/);
    assert.deepEqual(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8'), 'mine\n', 'nothing in it was touched');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
