import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { lockFileOf } from '../db/data-folder-lock';
import { serverProcessArgs } from '../testing/server-process';

/**
 * Durability: writes the server acknowledged survive `kill -9` of the server process, and a server killed
 * with its database leaves nothing that stops the next start (a stale lock, a stale `postmaster.pid`, a
 * postmaster still running). The server runs as a child process exactly as `npm start` runs it, on the
 * embedded PostgreSQL in a data folder (DATABASE_URL is left out).
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const QR = D.quarterlyReview;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function spawnServer(dataDir: string, port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-static') };
  delete env.DATABASE_URL;
  // A process group of its own, so that a test can kill the server together with everything it started.
  const child = spawn(process.execPath, serverProcessArgs(), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const { child, output } = spawnServer(dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${base}/config.json`)).ok) return { child, base, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${output()}`);
}

/** The data folder and the lock beside it, which a killed server leaves. */
function removeFolder(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(lockFileOf(dataDir), { force: true });
}

/** `kill -9` of the server process alone, or of its whole process group (its database with it). */
function killHard(server: Running, withGroup = false): Promise<void> {
  return new Promise<void>((done) => {
    server.child.once('exit', () => done());
    if (withGroup) process.kill(-server.child.pid!, 'SIGKILL');
    else server.child.kill('SIGKILL');
  }).then(() => {
    children.delete(server.child);
  });
}

/** The processes whose parent is `pid`, with their command lines (Linux /proc). */
function childProcesses(pid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Running and not a zombie (an orphan that nobody reaps stays one). */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
}

/** A signed-in browser over fetch: cookies and the CSRF header. */
async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/dev/sign-in?user=${username}&next=/`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  const cookies = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const headers = {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrftoken': cookies.get('csrftoken') ?? '',
    'content-type': 'application/json',
  };
  return {
    send: (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  };
}

test('acknowledged writes survive kill -9 of the server (embedded PostgreSQL)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'deck-durability-'));
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  try {
    const first = await startServer(dataDir);
    const alice = await signIn(first.base, 'alice');
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      const title = `Durable ${stamp} #${i}`;
      const res = await alice.send('PUT', `/api/v4/presentation/${QR}/`, { title });
      assert.equal(res.status, 200, await res.text());
      titles.push(title);
    }
    const invitee = `durable-${stamp}@example.com`;
    assert.equal((await alice.send('PUT', `/api/v1/share/${QR}/permissions/`, { email: invitee, permission: 'commenter' })).status, 200);
    const link = await alice.send('POST', '/api/v1/prezilink/', { presentation_oid: QR, name: `Durable ${stamp}`, visible_on_analytics: true, viewer_identification: false });
    assert.equal(link.status, 201);
    const linkId = ((await link.json()) as { link_id: string }).link_id;
    // A second server on the same folder stops with a clear message.
    const intruder = spawnServer(dataDir, await freePort());
    const code = await new Promise<number | null>((done) => intruder.child.once('exit', (exitCode) => done(exitCode)));
    children.delete(intruder.child);
    assert.equal(code, 1);
    assert.match(intruder.output(), /The data folder .* is in use by another server \(process \d+\)/);
    // The last write is acknowledged; the process dies at once, with no shutdown of any kind.
    await killHard(first);

    const second = await startServer(dataDir);
    try {
      const again = await signIn(second.base, 'alice');
      const doc = (await (await again.send('GET', `/api/v4/presentation/${QR}/`)).json()) as { title: string };
      assert.equal(doc.title, titles.at(-1));
      const perms = (await (await again.send('GET', `/api/v1/share/${QR}/permissions/`)).json()) as { individual: Array<{ email: string; permission: string }> };
      assert.ok(perms.individual.some((c) => c.email === invitee && c.permission === 'commenter'), 'the invitation survived');
      const opened = await again.send('GET', `/api/v1/prezilink/${linkId}/open/`);
      assert.equal(opened.status, 200, 'the trackable link survived');
    } finally {
      await killHard(second);
    }
  } finally {
    removeFolder(dataDir);
  }
});

/** Starts a server on a new folder, makes a change, lets `kill` end it, restarts it and checks the change. */
async function survivesRestartAfter(kill: (server: Running, dataDir: string) => Promise<(() => void) | void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'deck-stale-'));
  try {
    const first = await startServer(dataDir);
    const title = `Kept ${Date.now().toString(36)}`;
    const alice = await signIn(first.base, 'alice');
    assert.equal((await alice.send('PUT', `/api/v4/presentation/${QR}/`, { title })).status, 200);
    const checkAfterRestart = await kill(first, dataDir);

    const second = await startServer(dataDir);
    try {
      checkAfterRestart?.();
      const again = await signIn(second.base, 'alice');
      const doc = (await (await again.send('GET', `/api/v4/presentation/${QR}/`)).json()) as { title: string };
      assert.equal(doc.title, title);
    } finally {
      await killHard(second, true);
    }
  } finally {
    removeFolder(dataDir);
  }
}

test('a server killed with its database (stale lock and postmaster.pid) starts again on the same folder', async () => {
  await survivesRestartAfter(async (server, dataDir) => {
    const pidFile = join(dataDir, 'postmaster.pid');
    const postmaster = postmasterPid(dataDir);
    await killHard(server, true);
    assert.ok(!isRunning(postmaster), 'the postmaster was killed too');
    assert.ok(existsSync(pidFile), 'its pid file is left behind');
    // After a reboot or in a new container the pid is often taken by another live process (here: this one),
    // which PostgreSQL alone would take for a postmaster still running.
    for (const file of [pidFile, join(dataDir, '.s.PGSQL.5432.lock')]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, [String(process.pid), ...lines.slice(1)].join('\n'));
    }
  });
});

test('a postmaster left running by a killed server is shut down and replaced on the next start', async () => {
  await survivesRestartAfter(async (server, dataDir) => {
    const postmaster = postmasterPid(dataDir);
    // The server and the watchdog that would stop the postmaster die; the postmaster keeps running.
    const watchdogs = childProcesses(server.child.pid!).filter((child) => child.command.includes('deck-postgres-watchdog'));
    assert.equal(watchdogs.length, 1);
    for (const watchdog of watchdogs) process.kill(watchdog.pid, 'SIGKILL');
    await killHard(server);
    assert.ok(isRunning(postmaster), 'the orphaned postmaster still runs');
    return () => assert.ok(!isRunning(postmaster), 'the next start stopped the orphaned postmaster');
  });
});
