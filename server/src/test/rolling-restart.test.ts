import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import pg from 'pg';
import { closeTestDatabases, createEmptyDatabase } from '../testing/harness';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { HttpSession, neverSent } from '../testing/http-client';
import { openEventStream } from '../testing/event-stream';
import { DEMO_DOCUMENT_OIDS } from '../db/seed';

after(closeTestDatabases);

const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a condition (checked every 20 ms), at most 30 s: the machine may be busy. */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; await sleep(20)) {
    if (await check().catch(() => false)) return;
  }
  throw new Error('the condition never held');
}

/**
 * A POST whose body arrives slowly (six pieces over 1.2 s), to be in flight when the server is told to stop:
 * `started` once its second piece is sent, `done` with the answer.
 */
function slowUpload(port: number): { started: Promise<void>; done: Promise<{ status: number; connection: string | undefined }> } {
  const body = JSON.stringify([{ level: 'info', message: 'x'.repeat(60) }]);
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/log/', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    const pieces = body.match(/.{1,20}/g)!;
    let i = 0;
    const next = () => {
      req.write(pieces[i]);
      i += 1;
      if (i === 2) markStarted();
      if (i < pieces.length) setTimeout(next, 200);
      else req.end();
    };
    next();
  });
  return { started, done };
}

/**
 * A rolling restart under load (docs/deploying.md, *Stopping and rolling restarts*): two instances behind a
 * balancer that sends each request to an instance whose /readyz answers 200 (checked every 100 ms) and sends a
 * request refused before it reached the server (connection refused) to the other; one instance gets SIGTERM.
 */
test('SIGTERM under load: every request is answered (none 5xx, none cut), every acknowledged write is kept, the process exits 0', async () => {
  const database = await createEmptyDatabase();
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: 'session-secret-session-secret-session-0123',
    SHUTDOWN_DRAIN_SECONDS: '2',
    SHUTDOWN_GRACE_SECONDS: '20',
    LOG_LEVEL: 'info',
  };
  // Started together on an empty database: both migrate and seed under the migration lock.
  const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const instances: ServerProcess[] = [a, b];
  const healthy = new Set(instances);
  let polling = true;
  const poller = (async () => {
    while (polling) {
      for (const instance of instances) {
        const ok = await fetch(`${instance.origin}/readyz`).then((res) => res.ok, () => false);
        if (!ok) healthy.delete(instance);
      }
      await sleep(100);
    }
  })();

  const outcomes: Array<{ instance: string; status: number; afterSignal: boolean }> = [];
  const failures: string[] = [];
  const created: string[] = [];
  let signalled = false;
  let loading = true;
  let turn = 0;
  /** One call through the balancer: an instance it believes healthy, the other one if the connection is refused. */
  const call = async (session: HttpSession, method: string, path: string, body?: unknown) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const pool = [...healthy];
      const instance = pool[turn++ % pool.length];
      try {
        const res = await session.send(instance.origin, method, path, body);
        outcomes.push({ instance: instance === a ? 'a' : 'b', status: res.status, afterSignal: signalled });
        return res;
      } catch (err) {
        if (!neverSent(err)) {
          failures.push(`${method} ${path} on ${instance === a ? 'a' : 'b'}: ${String((err as { cause?: unknown }).cause ?? err)}`);
          return null;
        }
        healthy.delete(instance);
      }
    }
    failures.push(`${method} ${path}: refused everywhere`);
    return null;
  };

  try {
    const sessions = await Promise.all(USERS.map((user) => HttpSession.signIn(a.origin, user)));
    const workers = sessions.map(async (session, w) => {
      for (let i = 0; loading; i += 1) {
        const res = await call(session, 'POST', '/api/v4/presentation/', { title: `Rolling ${w}-${i}` });
        if (res?.status === 201) created.push((res.body as { oid: string }).oid);
        await call(session, 'GET', '/api/v1/session/');
        await sleep(150);
      }
    });
    // A share dialog open on `a`: its live stream never ends by itself, and must not hold the drain up.
    const stream = await openEventStream(a.port, `/api/v1/share/${DEMO_DOCUMENT_OIDS.quarterlyReview}/live/`, { cookie: sessions[0].cookieHeader() });
    assert.equal(stream.status, 200);
    await stream.waitFor((e) => e.event === 'hello');
    // Both instances are serving the load before one is told to stop.
    await waitUntil(async () => outcomes.some((o) => o.instance === 'a' && o.status === 201) && outcomes.some((o) => o.instance === 'b' && o.status === 201));
    const upload = slowUpload(a.port);
    // The upload is in flight (its first pieces sent, its last not yet) when the signal comes.
    await upload.started;
    signalled = true;
    a.child.kill('SIGTERM');
    const exited = a.exited;
    // A balancer that has not polled yet still sends new requests to `a`: while draining it answers
    // them (and closes their connections) instead of refusing them.
    await waitUntil(async () => (await fetch(`${a.origin}/readyz`)).status === 503);
    const lateArrival = await sessions[0].send(a.origin, 'GET', '/api/v1/session/');
    const uploaded = await upload.done;
    // The load goes on through a's drain until it has exited, and on b after it.
    await exited;
    await waitUntil(async () => outcomes.filter((o) => o.afterSignal).length > 10);
    loading = false;
    await Promise.all(workers);
    assert.equal(await exited, 0, a.output());
    await stream.ended;

    assert.deepEqual(failures, [], 'no request was cut or refused once sent');
    const bad = outcomes.filter((o) => o.status >= 500 || o.status === 429);
    assert.deepEqual(bad, [], 'no request answered 5xx (or limited)');
    assert.equal(lateArrival.status, 200, 'a answered a new request after SIGTERM (the drain)');
    assert.equal(lateArrival.headers.get('connection'), 'close', 'a new request while draining has its connection closed');
    assert.ok(outcomes.filter((o) => o.afterSignal).length > 10, 'the load went on');
    assert.equal(uploaded.status, 204, 'the request in flight at SIGTERM was answered');
    assert.equal(uploaded.connection, 'close', 'answers while draining close their connection');

    const steps = a.logs().map((line) => line.msg);
    for (const step of ['shutdown started: draining (readiness fails, answers close their connections)', 'shutdown: live streams ended, listener closed, finishing in-flight requests; outbox stops after its current message', 'shutdown: every request answered', 'shutdown: outbox stopped', 'shutdown complete']) {
      assert.ok(steps.includes(step), `logged: ${step}`);
    }

    // Every document acknowledged with 201 is in the database.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ oid: string }>('select oid from documents where oid = any($1)', [created]);
      assert.equal(rows.length, created.length, 'every acknowledged create was kept');
      assert.ok(created.length > 20, `${created.length} documents created under load`);
    } finally {
      await client.end();
    }
  } finally {
    polling = false;
    loading = false;
    await poller;
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  }
});
