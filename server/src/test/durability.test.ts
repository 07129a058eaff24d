import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_DOCUMENT_OIDS as D } from '../testing';

/**
 * Durability (issue 8): writes the server acknowledged survive `kill -9` of the server process. The
 * server runs as a child process exactly as `npm start` runs it: on a PGlite data folder, or on
 * PostgreSQL when DATABASE_URL is set.
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
  for (const child of children) child.kill('SIGKILL');
});

function spawnServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-static') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
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

function killHard(server: Running): Promise<void> {
  return new Promise<void>((done) => {
    server.child.once('exit', () => done());
    server.child.kill('SIGKILL');
  }).then(() => {
    children.delete(server.child);
  });
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

test(`acknowledged writes survive kill -9 of the server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'deck-durability-'));
  const dataDir = join(dir, 'pglite');
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
    if (!process.env.DATABASE_URL) {
      // A second server on the same folder would overwrite the first one's files: it stops with a clear message.
      const intruder = spawnServer(dataDir, await freePort());
      const code = await new Promise<number | null>((done) => intruder.child.once('exit', (exitCode) => done(exitCode)));
      children.delete(intruder.child);
      assert.equal(code, 1);
      assert.match(intruder.output(), /The data folder .* is in use by another server \(process \d+\)/);
    }
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
    rmSync(dir, { recursive: true, force: true });
  }
});
