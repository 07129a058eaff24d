import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../server/src/db/database';
import type { PoolSettings } from '../../server/src/db/pool';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { buildApp } from '../../server/src/app';
import { QueryCounter } from '../../server/src/db/query-observer';
import { explainText } from '../../server/src/db/explain';
import { DEMO_DOCUMENT_OIDS } from '../../server/src/db/seed';
import { steadyLoad } from './steady';
import { addGeneratedCollaborators, FULL_SCALE, generateScaleData, type ScaleResult, type ScaleSize } from '../../server/src/db/scale';
import { clientAs } from '../../server/src/testing/harness';
import { hotRoutes, type HotRequest, type HotRoute } from '../../server/src/testing/hot-routes';
import { cpuMeter, projectedRatio, type CpuMeter, type CpuPerRequest } from './cpu-meter';
import { likeCountOf } from '../../server/src/repositories/like-counts';
import { SignJWT } from 'jose';
import { BENCH_IDENTITY } from './production-mode';
import { compiledBenchScript } from './compiled-script';
import { cacheMemory, revocationLatency, type CacheMemoryFigures, type RevocationFigures } from './read-cache';
import { LIKERS, VIRAL, VIRAL_OWNER, VISITORS, viralDeck, type ViralFigures } from './viral';
import { capacity, walBytesDuring, type CapacityFigures } from './capacity';

/**
 * The server half of `npm run bench`: autocannon against the product server (in a child process) on the
 * embedded PostgreSQL (`npm start`'s engine, a fresh cluster) and, when DATABASE_URL is set, on that
 * PostgreSQL too, beside a bare Fastify route that returns a JSON object of the same size.
 * Timings live here, never in pass/fail tests.
 */

const root = path.resolve(__dirname, '..', '..');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const STEADY_RATE = 500;
const CONTENTION_SECONDS = 8;
const VIRAL_SECONDS = Number(process.env.BENCH_VIRAL_SECONDS ?? 8);
/** The client build, whose pages (the view page's first view) the product server serves. */
const DIST = path.join(root, 'dist');
const BIG_LIST = 10_000;
export const WRITERS = 50;

/**
 * The goals, as ratios to the bare route of the same run (throughput at 50 connections) and p99 at a steady
 * 500 requests per second, by kind of route; the same on either database and on the --scale data.
 */
export const GOALS = {
  /** p99: at most this many ms over the bare route's p99 at the same steady rate. */
  read: { ratio: 0.25, p99: 15 },
  like: { ratio: 0.1, p99: 40 },
  sharePermission: { ratio: 0.06, p99: 40 },
  /** p50 of the first page of a 10,000-collaborator share list (1 connection). */
  firstPageP50Ms: 20,
  /** A revocation seen by a second instance, from the first's acknowledgement (ms). */
  revocationP99Ms: 100,
  revocationMaxMs: 1000,
  /** What 100,000 kept permission contexts may add to the process. */
  cacheMemoryBytes: 200 * 2 ** 20,
  /** How far a route's share of the bare route may fall on the million-row data. */
  scaleRatioDrop: 0.2,
  /** A deck that goes viral: the anonymous view page's p99 at most this many times the bare route's p99 (autocannon, 50 connections)… */
  viralViewP99Ratio: 2,
  /** …and its likes, over LIKERS connections, at least this share of the bare route's throughput. */
  viralLikesRatio: 0.05,
} as const;

function goalOf(route: string): { ratio: number; p99: number } {
  if (route.includes('like')) return GOALS.like;
  if (route.startsWith('PUT share')) return GOALS.sharePermission;
  return GOALS.read;
}

export type DatabaseKind = 'Embedded PostgreSQL' | 'PostgreSQL';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the measured run. */
  requests: number;
  /** CPU per request of the server, the database and autocannon (Linux; null elsewhere). */
  cpu: CpuPerRequest | null;
}

/** A route at an even STEADY_RATE (steady.ts), with autocannon's burst of the same rate beside it. */
export interface SteadyMeasure {
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** p99 when the second's requests all leave at its start (autocannon's overallRate): how fast a burst drains. */
  burstP99: number;
}

export interface DatabaseReport {
  kind: DatabaseKind;
  /** The column's name: the database, and the data when it is the million-row data. */
  label: string;
  version: string;
  scale: ScaleResult | null;
  /** The bare route's throughput: the mean of a run before the routes and one after them (`bareRuns`). */
  bare: Measure;
  bareRuns: [number, number];
  bareSteady: SteadyMeasure;
  routes: Record<string, Measure>;
  steady: Record<string, SteadyMeasure>;
  compressed: Measure;
  bigList: Measure;
  /** The first page (SHARE_LIST_PAGE_SIZE rows) of the same list, as the share dialog asks for it. */
  bigListFirstPage: Measure;
  contention: { rps: number; requests: number; errors: number; consistent: boolean; detail: string };
  /** A deck that goes viral (scripts/bench/viral.ts). */
  viral: ViralFigures;
  /** A revocation on one instance, refused by a second one (scripts/bench/read-cache.ts). */
  revocation: RevocationFigures;
  /** 100,000 permission contexts in one instance's read cache. */
  cacheMemory: CacheMemoryFigures;
  /** Bytes of write-ahead log per request of each writing route (disk and replication). */
  walPerRequest: Record<string, number>;
  /** The largest tables of the data: size on disk with their indexes, and rows. */
  tables: Array<{ name: string; bytes: number; rows: number }>;
  /** The notification fan-out and the outbox (scripts/bench/capacity.ts). */
  capacity: CapacityFigures;
  plans: Array<{ route: string; sql: string; plan: string }>;
}

const round = (value: number) => Math.round(value * 10) / 10;

function measureOf(result: autocannon.Result, cpu: CpuPerRequest | null = null): Measure {
  return {
    rps: Math.round(result.requests.average),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    cpu,
  };
}

/** Two runs of one route as one: their mean throughput and CPU per request, the worse p50 and p99. */
function meanOf(a: Measure, b: Measure): Measure {
  const cpu = a.cpu && b.cpu ? { server: (a.cpu.server + b.cpu.server) / 2, database: (a.cpu.database + b.cpu.database) / 2, client: (a.cpu.client + b.cpu.client) / 2 } : null;
  return { rps: Math.round((a.rps + b.rps) / 2), p50: Math.max(a.p50, b.p50), p99: Math.max(a.p99, b.p99), errors: a.errors + b.errors, requests: a.requests + b.requests, cpu };
}

/** autocannon with the CPU each party spent per request answered. */
async function metered(meter: CpuMeter | undefined, options: autocannon.Options): Promise<Measure> {
  const stop = await meter?.start();
  const result = await cannon(options);
  return measureOf(result, (await stop?.(result.requests.total)) ?? null);
}

export function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: Error | null, result) => (error ? reject(error) : resolve(result)));
  });
}

/** `serveScript`: another tree's serve.ts (cpu-compare.ts runs two revisions side by side). */
export function startServer(env: Record<string, string>, port: number, serveScript = path.join(__dirname, 'serve.ts')): Promise<ChildProcess> {
  // Two folders below its tree's root, as dist/server/main.js is (server/src/repo-root.ts).
  const compiled = compiledBenchScript(serveScript, path.resolve(path.dirname(serveScript), '..', '..'));
  return new Promise((resolve, reject) => {
    const child = fork(compiled, [], {
      execArgv: ['--enable-source-maps'],
      env: { ...process.env, ...env, BENCH_SERVE_PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => (message === 'ready' ? resolve(child) : reject(new Error(JSON.stringify(message)))));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The cookies a response set, as a Cookie header, and its CSRF token. */
function sessionFrom(res: Response, earlier: string[] = []): Session | null {
  const cookies = new Map(earlier.map((cookie) => [cookie.split('=')[0], cookie]));
  for (const cookie of res.headers.getSetCookie()) cookies.set(cookie.split('=')[0], cookie.split(';')[0]);
  const csrf = cookies.get('csrftoken')?.slice('csrftoken='.length);
  return csrf ? { cookie: [...cookies.values()].join('; '), csrf } : null;
}

/**
 * Signs `username` in as production does (serve.ts runs the server in production mode): the host product's identity
 * token, exchanged at POST /api/v1/session/. Every bench user's address is `<username>@example.com` (the demo's and
 * prepare()'s), so the first sign-in joins the existing account. A server without the exchange (another tree's
 * serve.ts, cpu-compare.ts) is signed in with the demo's /dev/sign-in.
 */
export async function signIn(base: string, username: string): Promise<Session> {
  const anonymous = sessionFrom(await fetch(`${base}/api/v1/session/`));
  if (!anonymous) throw new Error('the server set no CSRF token');
  const token = await new SignJWT({ email: `${username}@example.com`, email_verified: true })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(username)
    .setIssuer(BENCH_IDENTITY.HOST_IDENTITY_ISSUER)
    .setAudience(BENCH_IDENTITY.HOST_IDENTITY_AUDIENCE)
    .setIssuedAt()
    .setJti(randomBytes(12).toString('hex'))
    .setExpirationTime('2m')
    .sign(new TextEncoder().encode(BENCH_IDENTITY.HOST_IDENTITY_SECRET));
  const res = await fetch(`${base}/api/v1/session/`, {
    method: 'POST',
    headers: { cookie: anonymous.cookie, 'x-csrftoken': anonymous.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status === 404) return devSignIn(base, username);
  const session = sessionFrom(res, anonymous.cookie.split('; '));
  if (res.status !== 200 || !session) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`);
  return session;
}

async function devSignIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/dev/sign-in?user=${encodeURIComponent(username)}&next=/`, { redirect: 'manual' });
  const session = sessionFrom(res);
  if (res.status !== 302 || !session) throw new Error(`sign-in as ${username} failed: ${res.status}`);
  return session;
}

function headersFor(session: Session, hasBody: boolean): Record<string, string> {
  return {
    cookie: session.cookie,
    'x-csrftoken': session.csrf,
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
  };
}

/** autocannon requests for a hot route; each connection signs in as the next of `sessions`. */
export function cannonRequests(requests: HotRequest[], sessions: Session[]): autocannon.Request[] {
  let next = 0;
  return requests.map((request) => ({
    method: request.method,
    path: request.path,
    setupRequest: (req: autocannon.Request, context: { session?: Session }) => {
      context.session ??= sessions[next++ % sessions.length];
      return {
        ...req,
        headers: headersFor(context.session, request.body !== undefined),
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      };
    },
  }));
}

/** The route at an even STEADY_RATE for the p99 goals, then as autocannon's once-a-second burst for comparison. */
async function runSteady(base: string, route: HotRoute, sessions: Session[]): Promise<SteadyMeasure> {
  const even = await steadyLoad({
    base,
    requests: route.requests,
    headers: sessions.map((session) => headersFor(session, false)),
    rate: STEADY_RATE,
    seconds: SECONDS,
    connections: CONNECTIONS,
  });
  const burst = await run(base, route, sessions, { overallRate: STEADY_RATE });
  return { p50: even.p50, p99: even.p99, max: even.max, errors: even.errors, burstP99: burst.p99 };
}

export async function run(base: string, route: HotRoute, sessions: Session[], extra: Partial<autocannon.Options> = {}, meter?: CpuMeter): Promise<Measure> {
  const requests = cannonRequests(route.requests, sessions);
  await cannon({ url: base, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests });
  return metered(meter, { url: base, connections: CONNECTIONS, duration: SECONDS, requests, ...extra });
}

export interface Target {
  kind: DatabaseKind;
  /** The generated data for --scale. */
  scaleSize: ScaleSize;
  open(observer?: QueryCounter, pool?: Partial<PoolSettings>): Promise<Database>;
  /** The PostgreSQL server (for the CPU meter). */
  url: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** `npm start`'s engine: a fresh embedded cluster with its settings, removed afterwards. */
export async function embeddedTarget(): Promise<Target> {
  const cluster = await startEmbeddedPostgres({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'deck-bench-pg-')), ephemeral: true });
  const target = postgresTarget(cluster.url, 'Embedded PostgreSQL');
  return {
    ...target,
    async cleanup() {
      await target.cleanup();
      await cluster.stop();
    },
  };
}

export function postgresTarget(url: string, kind: DatabaseKind = 'PostgreSQL'): Target {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  return {
    kind,
    url,
    scaleSize: FULL_SCALE,
    open: (observer, pool) => openDatabase({ url, schema, observer, pool }),
    env: { DATABASE_URL: url, BENCH_SCHEMA: schema },
    async cleanup() {
      // A plain connection: opening the database without a schema would migrate the public schema.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export const QR = DEMO_DOCUMENT_OIDS.quarterlyReview;
const shareListRoute = (oid: string) => hotRoutes(oid, '').find((route) => route.name === 'GET share permissions')!;
const firstPageRoute = (oid: string) => hotRoutes(oid, '').find((route) => route.name === 'GET share permissions, first page')!;
const BIG = DEMO_DOCUMENT_OIDS.classicDeck;

/** Data, plans and the figures needed to check the end state, prepared before the server starts. */
export async function prepare(target: Target, scale: boolean, withPlans = true) {
  const counter = new QueryCounter();
  // A million rows take longer to generate than the pool lets a request's statement run.
  const db = await target.open(counter, scale ? { statementTimeoutMs: 3_600_000 } : undefined);
  try {
    const { rows } = await sql<{ version: string }>`select version()`.execute(db);
    const scaleResult = scale ? await generateScaleData(db, target.scaleSize) : null;
    await sql`
      insert into users (oid, username, first_name, last_name, email)
      select 'bw' || g, 'bench_writer' || g, 'Bench', 'Writer ' || g, 'bench_writer' || g || '@example.com'
      from generate_series(0, ${WRITERS - 1}) g`.execute(db);
    const big = await db.selectFrom('documents').select('id').where('oid', '=', BIG).executeTakeFirstOrThrow();
    await addGeneratedCollaborators(db, big.id, BIG_LIST);
    const qr = await db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow();
    const collaborator = await db
      .selectFrom('collaborators')
      .select('email')
      .where('document_id', '=', qr.id)
      .where('user_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`analyze`.execute(db);
    if (!withPlans) return { version: rows[0].version, scaleResult, collaboratorEmail: collaborator.email, plans: [] };

    // Each hot route once, in process, to capture the statements it sends and their plans.
    const app = await buildApp({ db, config: { sessionSecret: 'bench-secret-bench-secret' } });
    const alice = await clientAs(app, 'alice');
    const plans: DatabaseReport['plans'] = [];
    const explained = [
      ...hotRoutes(QR, collaborator.email),
      { name: `GET share permissions, ${BIG_LIST.toLocaleString('en')} collaborators`, requests: shareListRoute(BIG).requests },
      { name: `GET share permissions, first page of ${BIG_LIST.toLocaleString('en')} collaborators`, requests: firstPageRoute(BIG).requests },
    ];
    for (const route of explained) {
      counter.reset();
      for (const request of route.requests) await alice.request(request.method, request.path, { body: request.body });
      for (const statement of [...counter.statements]) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.sql)) continue;
        plans.push({ route: route.name, sql: statement.sql.replace(/\s+/g, ' ').trim(), plan: await explainText(db, statement) });
      }
    }
    await app.close();
    return { version: rows[0].version, scaleResult, collaboratorEmail: collaborator.email, plans };
  } finally {
    await db.destroy();
  }
}

/** The data's largest tables in `schema`: their size with indexes and TOAST, and their rows (the planner's count). */
async function largestTables(db: Database, schema: string) {
  const { rows } = await sql<{ name: string; bytes: string; rows: string }>`
    select c.relname as name, pg_total_relation_size(c.oid)::text as bytes, greatest(c.reltuples, 0)::bigint::text as rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind = 'r'
    order by pg_total_relation_size(c.oid) desc
    limit 6`.execute(db);
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes), rows: Number(row.rows) }));
}

async function likeState(db: Database, oid: string) {
  const { rows } = await sql<{ likes_count: number; rows: number }>`
    select ${likeCountOf('d')} as likes_count, (select count(*)::int from likes l where l.document_id = d.id) as rows from documents d where d.oid = ${oid}`.execute(db);
  return rows[0];
}

/**
 * 50 connections on one document: half are different users liking and unliking it, half are its owner
 * inviting new collaborators and changing their level. Afterwards the like counter must have moved exactly
 * as the likes table did, and every collaborator must hold the level of their last successful change.
 */
async function contention(base: string, owner: Session, writers: Session[]) {
  const sharePath = `/api/v1/share/${QR}/permissions/`;
  /** Confirmed: the level of each collaborator's last change answered 200. In flight: sent, not yet answered. */
  const confirmed = new Map<string, string>();
  const inFlight = new Map<string, string>();
  let seq = 0;
  let next = 0;
  type Context = { session?: Session; role?: 'liker' | 'owner'; email?: string; level?: string };
  const change = (req: autocannon.Request, context: Context, level: string) => {
    context.level = level;
    inFlight.set(context.email!, level);
    return { ...req, method: 'PUT', path: sharePath, headers: headersFor(owner, true), body: JSON.stringify({ email: context.email, permission: level }) };
  };
  const onResponse = (status: number, _body: string, context: Context) => {
    if (context.role !== 'owner') return;
    inFlight.delete(context.email!);
    if (status === 200) confirmed.set(context.email!, context.level!);
  };
  const like = (req: autocannon.Request, context: Context, method: 'PUT' | 'DELETE') =>
    ({ ...req, method, path: `/api/v4/presentation/${QR}/like/`, headers: headersFor(context.session!, false) });
  const requests = [
    {
      setupRequest: (req: autocannon.Request, context: Context) => {
        if (!context.role) {
          const index = next++;
          context.role = index % 2 === 0 ? 'liker' : 'owner';
          context.session = context.role === 'liker' ? writers[(index >> 1) % writers.length] : owner;
        }
        if (context.role === 'liker') return like(req, context, 'PUT');
        context.email = `contention${seq++}@example.com`;
        return change(req, context, 'viewer');
      },
      onResponse,
    },
    {
      setupRequest: (req: autocannon.Request, context: Context) =>
        context.role === 'liker' ? like(req, context, 'DELETE') : change(req, context, 'editor'),
      onResponse,
    },
  ] as unknown as autocannon.Request[];
  const result = await cannon({ url: base, connections: CONNECTIONS, duration: CONTENTION_SECONDS, requests });
  return { result, confirmed, inFlight };
}

/** Collaborators as the model allows them: each at its last confirmed level, or at the level still in flight when the run stopped. */
function collaboratorMismatches(actual: Map<string, string>, confirmed: Map<string, string>, inFlight: Map<string, string>): number {
  let wrong = 0;
  for (const email of new Set([...actual.keys(), ...confirmed.keys()])) {
    const level = actual.get(email);
    if (level !== confirmed.get(email) && !(inFlight.has(email) && level === inFlight.get(email))) wrong += 1;
  }
  return wrong;
}

async function benchDatabase(target: Target, opts: { scale: boolean; port: number }): Promise<DatabaseReport> {
  const prepared = await prepare(target, opts.scale);
  const before = await (async () => {
    const db = await target.open();
    try {
      return await likeState(db, QR);
    } finally {
      await db.destroy();
    }
  })();

  const server = await startServer({ ...target.env, BENCH_MODE: 'app', BENCH_STATIC_DIR: DIST }, opts.port);
  const base = `http://127.0.0.1:${opts.port}`;
  let bareServer: ChildProcess | undefined;
  let report: Omit<DatabaseReport, 'contention' | 'cacheMemory' | 'tables' | 'capacity'>;
  let contended: Awaited<ReturnType<typeof contention>>;
  try {
    const alice = await signIn(base, 'alice');
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signIn(base, `bench_writer${i}`)));
    const routes = hotRoutes(QR, prepared.collaboratorEmail);
    const sessionsFor = (route: HotRoute) => (route.name.includes('like') ? writers : [alice]);

    const sample = await fetch(`${base}${routes[0].requests[0].path}`, { headers: { cookie: alice.cookie } });
    bareServer = await startServer({ BENCH_MODE: 'bare', BENCH_BARE_JSON: await sample.text() }, opts.port + 1);
    const bareRoute: HotRoute = { name: 'bare', requests: [{ method: 'GET', path: '/bare' }] };
    const bareBase = `http://127.0.0.1:${opts.port + 1}`;
    const bareMeter = cpuMeter(bareServer.pid!, target.url);
    const bareBefore = await run(bareBase, bareRoute, [alice], {}, bareMeter);
    const bareSteady = await runSteady(bareBase, bareRoute, [alice]);

    const meter = cpuMeter(server.pid!, target.url);
    const measured: Record<string, Measure> = {};
    const steady: Record<string, SteadyMeasure> = {};
    const walPerRequest: Record<string, number> = {};
    for (const route of routes) {
      console.log(`  ${target.kind}: ${route.name}`);
      const writes = route.requests.some((request) => request.method !== 'GET');
      let measure: Measure | undefined;
      const wal = await walBytesDuring(target.url, async () => {
        measure = await run(base, route, sessionsFor(route), {}, meter);
      });
      measured[route.name] = measure!;
      // The warm-up's requests wrote too: the bytes are shared over both runs' requests, which are alike.
      if (writes) walPerRequest[route.name] = Math.round(wal / (measure!.requests * (1 + WARMUP_SECONDS / SECONDS)));
      steady[route.name] = await runSteady(base, route, sessionsFor(route));
    }
    // The yardstick again after the routes: one 5 s sample of it moves by a fifth between runs on this machine.
    const bareAfter = await run(bareBase, bareRoute, [alice], {}, bareMeter);
    await stopServer(bareServer);
    bareServer = undefined;
    const bare = meanOf(bareBefore, bareAfter);
    const compressedRequests = cannonRequests(routes[0].requests, [alice]).map((request) => ({
      ...request,
      setupRequest: (req: autocannon.Request, context: object) => {
        const out = (request.setupRequest as (r: autocannon.Request, c: object) => autocannon.Request)(req, context);
        return { ...out, headers: { ...out.headers, 'accept-encoding': 'br, gzip' } };
      },
    })) as autocannon.Request[];
    const compressed = measureOf(await cannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests: compressedRequests }));
    const bigRoute = { name: 'big list', requests: shareListRoute(BIG).requests };
    await cannon({ url: base, connections: 1, duration: WARMUP_SECONDS, requests: cannonRequests(bigRoute.requests, [alice]) });
    const bigList = measureOf(await cannon({ url: base, connections: 1, duration: SECONDS, requests: cannonRequests(bigRoute.requests, [alice]) }));
    const firstPage = { name: 'big list, first page', requests: firstPageRoute(BIG).requests };
    await cannon({ url: base, connections: 1, duration: WARMUP_SECONDS, requests: cannonRequests(firstPage.requests, [alice]) });
    const bigListFirstPage = measureOf(await cannon({ url: base, connections: 1, duration: SECONDS, requests: cannonRequests(firstPage.requests, [alice]) }));

    console.log(`  ${target.kind}: contention`);
    contended = await contention(base, alice, writers);

    console.log(`  ${target.kind}: a deck that goes viral`);
    const viral = await viralDeck({ base, owner: await signIn(base, VIRAL_OWNER), likers: writers.slice(0, LIKERS), seconds: VIRAL_SECONDS });

    console.log(`  ${target.kind}: a revocation seen by a second instance`);
    const second = await startServer({ ...target.env, BENCH_MODE: 'app' }, opts.port + 5);
    let revocation: RevocationFigures;
    try {
      revocation = await revocationLatency(base, `http://127.0.0.1:${opts.port + 5}`, alice, await signIn(base, 'dave'));
    } finally {
      await stopServer(second);
    }
    report = {
      kind: target.kind,
      label: opts.scale ? `${target.kind}, million-row data` : target.kind,
      version: prepared.version,
      scale: prepared.scaleResult,
      bare,
      bareRuns: [bareBefore.rps, bareAfter.rps],
      bareSteady,
      routes: measured,
      steady,
      compressed,
      bigList,
      bigListFirstPage,
      viral,
      revocation,
      walPerRequest,
      plans: prepared.plans,
    };
  } finally {
    if (bareServer) await stopServer(bareServer);
    await stopServer(server);
  }

  // The end state, read after the server has stopped.
  const db = await target.open();
  try {
    const after = await likeState(db, QR);
    const likeDrift = after.likes_count - before.likes_count - (after.rows - before.rows);
    const rows = await db
      .selectFrom('collaborators as c')
      .innerJoin('documents as d', 'd.id', 'c.document_id')
      .select(['c.email', 'c.permission'])
      .where('d.oid', '=', QR)
      .where('c.email', 'like', 'contention%')
      .execute();
    const actual = new Map(rows.map((row) => [row.email, row.permission]));
    const wrong = collaboratorMismatches(actual, contended.confirmed, contended.inFlight);
    const result = contended.result;
    console.log(`  ${target.kind}: read cache memory`);
    const memory = await cacheMemory(db);
    console.log(`  ${target.kind}: notification fan-out and outbox`);
    const measuredCapacity = await capacity(db, target.url, target.env.BENCH_SCHEMA, BIG);
    const tables = await largestTables(db, target.env.BENCH_SCHEMA);
    return {
      ...report,
      cacheMemory: memory,
      tables,
      capacity: measuredCapacity,
      contention: {
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        errors: result.errors + result.timeouts + result.non2xx,
        consistent: likeDrift === 0 && wrong === 0,
        detail: `like counter drift ${likeDrift}; ${actual.size} collaborators invited, ${wrong} not as the model says`,
      },
    };
  } finally {
    await db.destroy();
    await target.cleanup();
  }
}

export interface ServerBenchReport {
  date: string;
  machine: string;
  scale: boolean;
  databases: DatabaseReport[];
}

/**
 * The viral deck alone (`npx tsx scripts/bench.ts --viral`, BENCH_SECONDS and BENCH_VIRAL_SECONDS for short runs): the
 * bare route, then the scenario, on the embedded PostgreSQL; printed, not written to docs/benchmarks.md.
 */
export async function runViralBench(opts: { port: number }): Promise<string> {
  const target = await embeddedTarget();
  try {
    await prepare(target, false, false);
    const server = await startServer({ ...target.env, BENCH_MODE: 'app', BENCH_STATIC_DIR: DIST }, opts.port);
    const base = `http://127.0.0.1:${opts.port}`;
    try {
      const alice = await signIn(base, 'alice');
      const likers = await Promise.all(Array.from({ length: LIKERS }, (_, i) => signIn(base, `bench_writer${i}`)));
      const sample = await fetch(`${base}/api/v4/presentation/${VIRAL}/unified-privacy/`, { headers: { cookie: alice.cookie } });
      const bareServer = await startServer({ BENCH_MODE: 'bare', BENCH_BARE_JSON: await sample.text() }, opts.port + 1);
      let bare: Measure;
      try {
        bare = await run(`http://127.0.0.1:${opts.port + 1}`, { name: 'bare', requests: [{ method: 'GET', path: '/bare' }] }, [alice]);
      } finally {
        await stopServer(bareServer);
      }
      const viral = await viralDeck({ base, owner: await signIn(base, VIRAL_OWNER), likers, seconds: VIRAL_SECONDS });
      return [`bare route: ${fmt(bare.rps)} rps, p99 ${bare.p99} ms`, JSON.stringify(viral, null, 2), ...viralGoalLines(target.kind, viral, bare)].join('\n');
    } finally {
      await stopServer(server);
    }
  } finally {
    await target.cleanup();
  }
}

export async function runServerBench(opts: { scale: boolean; port: number }): Promise<ServerBenchReport> {
  const targets = [await embeddedTarget()];
  if (process.env.DATABASE_URL) targets.push(postgresTarget(process.env.DATABASE_URL));
  else console.log('DATABASE_URL is not set: the server benchmark runs on the embedded PostgreSQL only.');
  const databases: DatabaseReport[] = [];
  // The machine may be shared: its load during the run says how far the figures can be trusted.
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]), 5000);
  try {
    for (const [index, target] of targets.entries()) {
      console.log(`Server benchmark on ${target.kind}`);
      databases.push(await benchDatabase(target, { scale: false, port: opts.port + index * 10 }));
    }
    // The million-row data on npm start's engine, in a cluster of its own, beside the demo data's figures.
    if (opts.scale) {
      console.log('Server benchmark on Embedded PostgreSQL (generating the million-row data first)');
      databases.push(await benchDatabase(await embeddedTarget(), { scale: true, port: opts.port + targets.length * 10 }));
    }
  } finally {
    clearInterval(sampler);
  }
  const cpus = os.cpus();
  const load = loads.length ? loads : [os.loadavg()[0]];
  const loadText = `1-minute load average during the run ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} (mean ${(load.reduce((a, b) => a + b, 0) / load.length).toFixed(1)}) on ${cpus.length} cores`;
  return {
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${process.platform} ${process.arch}, Node ${process.version}, ${loadText}`,
    scale: opts.scale,
    databases,
  };
}

// ---- Markdown ----

const fmt = (n: number) => n.toLocaleString('en');
const mb = (bytes: number) => `${round(bytes / 2 ** 20)} MB`;
/** A table row's cells, one per database report. */
const cellsOf = (dbs: DatabaseReport[]) => (cell: (db: DatabaseReport) => string) => dbs.map(cell).join(' | ');
const pct = (n: number) => `${Math.round(n * 1000) / 10} %`;

const describeSize = (size: ScaleSize) =>
  `${fmt(size.documents)} documents, ${fmt(size.collaborators)} collaborator rows, ${fmt(size.viewLinks)} view links, ${fmt(size.likes)} likes, ${fmt(size.users)} users`;

function goalLines(db: DatabaseReport): string[] {
  const lines: string[] = [];
  for (const [name, m] of Object.entries(db.routes)) {
    const goal = goalOf(name);
    const ratio = m.rps / db.bare.rps;
    const p99 = db.steady[name].p99;
    const p99Limit = round(db.bareSteady.p99 + goal.p99);
    if (m.rps === 0 || db.steady[name].errors > 0) {
      lines.push(`- ${db.label}, ${name}: misses every goal: throughput ${fmt(m.rps)} rps, at ${STEADY_RATE} rps ${fmt(db.steady[name].errors)} requests failed`);
      continue;
    }
    const ratioText = ratio >= goal.ratio ? `meets ${pct(goal.ratio)} (${pct(ratio)})` : `misses ${pct(goal.ratio)}: ${pct(ratio)}, ${fmt(Math.round(goal.ratio * db.bare.rps - m.rps))} rps short`;
    const p99Text = p99 <= p99Limit ? `p99 ${p99} ms ≤ ${p99Limit} ms (bare + ${goal.p99})` : `p99 ${p99} ms misses ${p99Limit} ms (bare + ${goal.p99}) by ${round(p99 - p99Limit)} ms`;
    lines.push(`- ${db.label}, ${name}: throughput ${ratioText}; at ${STEADY_RATE} rps ${p99Text}`);
  }
  const { revocation, cacheMemory: memory } = db;
  const revocationMet = revocation.p99 <= GOALS.revocationP99Ms && revocation.max <= GOALS.revocationMaxMs;
  lines.push(
    `- ${db.label}, a revocation seen by a second instance (${revocation.samples} removals): p50 ${revocation.p50} ms, p99 ${revocation.p99} ms, max ${revocation.max} ms (goal p99 ≤ ${GOALS.revocationP99Ms} ms, max ≤ ${GOALS.revocationMaxMs} ms: ${revocationMet ? 'met' : 'MISSED'})`,
  );
  lines.push(
    `- ${db.label}, ${fmt(memory.entries)} permission contexts kept in memory: ${mb(memory.bytes)} of heap (goal ≤ ${mb(GOALS.cacheMemoryBytes)} for 100,000: ${memory.entries >= 100_000 && memory.bytes <= GOALS.cacheMemoryBytes ? 'met' : 'MISSED'})`,
  );
  lines.push(...viralGoalLines(db.label, db.viral, db.bare));
  const first = db.bigListFirstPage.p50;
  lines.push(
    `- ${db.label}, first page of a ${fmt(BIG_LIST)}-collaborator share list: p50 ${first} ms (goal ${GOALS.firstPageP50Ms} ms: ${first < GOALS.firstPageP50Ms ? 'met' : `missed by ${round(first - GOALS.firstPageP50Ms)} ms`}); the whole list p50 ${db.bigList.p50} ms`,
  );
  return lines;
}

/** The viral deck's goals against the bare route of the same run (GOALS.viralViewP99Ratio, GOALS.viralLikesRatio, exactness). */
export function viralGoalLines(label: string, viral: ViralFigures, bare: Measure): string[] {
  const ratio = viral.views.p99 / bare.p99;
  const share = viral.likes.rps / bare.rps;
  const firstView = viral.views.firstView ? '' : ' (NO first view in the page: is the client built?)';
  return [
    `- ${label}, a deck that goes viral: the anonymous view page's p99 ${viral.views.p99} ms is ${round(ratio)}× the bare route's ${bare.p99} ms (goal ≤ ${GOALS.viralViewP99Ratio}×: ${ratio <= GOALS.viralViewP99Ratio ? 'met' : 'MISSED'})${firstView}; likes with ${LIKERS} connections ${fmt(viral.likes.rps)} rps, ${pct(share)} of the bare route (goal ≥ ${pct(GOALS.viralLikesRatio)}: ${share >= GOALS.viralLikesRatio ? 'met' : 'MISSED'}); like count exact: ${viral.exact ? 'yes' : 'NO'} (${viral.detail})`,
  ];
}

/** The viral deck's rows of the "other" table. */
function viralRows(dbs: DatabaseReport[]): string[] {
  const cells = cellsOf(dbs);
  const seconds = dbs[0].viral.seconds;
  return [
    `| a deck that goes viral (${seconds} s, one open presentation): anonymous loads of its view page (status and first view), ${VISITORS} connections: rps / p50 / p99 (ms) / errors | ${cells((db) => `${fmt(db.viral.views.rps)} / ${db.viral.views.p50} / ${db.viral.views.p99} / ${db.viral.views.errors}${db.viral.views.firstView ? '' : ' (no first view)'}`)} |`,
    `| viral: the view page for one visitor alone, before the rest starts: p50 / p99 (ms) | ${cells((db) => `${db.viral.alone.p50} / ${db.viral.alone.p99}`)} |`,
    `| viral: the view page's p99 against the bare route's (goal ≤ ${GOALS.viralViewP99Ratio}×) | ${cells((db) => `${round(db.viral.views.p99 / db.bare.p99)}×`)} |`,
    `| viral: likes and unlikes at the same time, ${LIKERS} signed-in viewers each waiting for its answer: rps / % of bare (goal ≥ ${pct(GOALS.viralLikesRatio)}) / errors | ${cells((db) => `${fmt(db.viral.likes.rps)} / ${pct(db.viral.likes.rps / db.bare.rps)} / ${db.viral.likes.errors}`)} |`,
    `| viral: the owner's sharing changes at the same time (invite, change a level, rename a view link) / errors | ${cells((db) => `${fmt(db.viral.sharing.changes)} / ${db.viral.sharing.errors}`)} |`,
    `| viral: answers other than 200 | ${cells((db) => db.viral.refusals)} |`,
    `| viral: read-cache misses per view (every miss of the run counted, the likers' and the owner's too: an upper bound) | ${cells((db) => String(db.viral.missesPerView))} |`,
    `| viral: the like count equals the model (each liker's last acknowledged wish; none lost or counted twice) | ${cells((db) => `${db.viral.exact ? 'yes' : 'NO'} (${db.viral.detail})`)} |`,
  ];
}

const kb = (bytes: number) => `${round(bytes / 1024)} KB`;

/** What saturates past the instances (docs/scaling.md): the write-ahead log per write, the data's size, the fan-out, the outbox. */
function capacityRows(dbs: DatabaseReport[]): string[] {
  const cells = cellsOf(dbs);
  const writing = Object.keys(dbs[0].walPerRequest);
  return [
    ...writing.map((route) => `| write-ahead log per request, ${route} (bytes) | ${cells((db) => fmt(db.walPerRequest[route] ?? 0))} |`),
    `| largest tables: size with indexes (rows) | ${cells((db) => db.tables.map((table) => `${table.name} ${table.bytes >= 2 ** 20 ? mb(table.bytes) : kb(table.bytes)} (${fmt(table.rows)})`).join(', '))} |`,
    ...dbs[0].capacity.fanOut.map(
      (row, index) =>
        `| notification fan-out: sharing changes a second (8 connections, one notice each) with ${row.listeners} listening connections (${row.listeners / 2} instances): writes/s / every notice heard within (ms) / missed | ${cells((db) => {
          const measured = db.capacity.fanOut[index];
          return `${fmt(measured.writesPerSecond)} / ${measured.drainMs} / ${measured.missed}`;
        })} |`,
    ),
    ...dbs[0].capacity.outbox.map(
      (row, index) =>
        `| outbox: invitation-sized mails handed to a local SMTP server, ${row.senders} sender${row.senders === 1 ? '' : 's'} at once: mails/s / sent twice | ${cells((db) => `${fmt(db.capacity.outbox[index].mailsPerSecond)} / ${db.capacity.outbox[index].duplicates}`)} |`,
    ),
  ];
}

/** Each route's share of the bare route on the million-row data, against the same on the demo data of the same run. */
function scaleGoalLines(demo: DatabaseReport, scaled: DatabaseReport): string[] {
  return Object.entries(scaled.routes).map(([name, m]) => {
    const ratio = m.rps / scaled.bare.rps;
    const demoRatio = demo.routes[name].rps / demo.bare.rps;
    const share = ratio / demoRatio;
    const verdict = share >= 1 - GOALS.scaleRatioDrop ? 'within' : 'MISSES';
    return `- ${scaled.label}, ${name}: ${pct(ratio)} of bare against ${pct(demoRatio)} on the demo data (${pct(share)} of it: ${verdict} ${pct(GOALS.scaleRatioDrop)})`;
  });
}

const ms = (n: number) => n.toFixed(3);
const cpuText = (cpu: CpuPerRequest | null) => (cpu ? `${ms(cpu.server)} / ${ms(cpu.database)} / ${ms(cpu.client)}` : 'n/a');
/** The share of the bare route's throughput the line's CPU per request allows on this machine's cores (cpu-meter.ts). */
const projectedText = (cpu: CpuPerRequest | null, bare: CpuPerRequest | null) => (cpu && bare ? pct(projectedRatio(cpu, bare, os.cpus().length)) : 'n/a');

export function serverBenchMarkdown(report: ServerBenchReport): string {
  const dbs = report.databases;
  const out: string[] = [];
  out.push(`${report.date.slice(0, 10)}, ${report.machine}.`);
  out.push(`Databases: ${dbs.map((db) => `${db.label} (${db.version.split(',')[0]})`).join('; ')}.`);
  const scaled = dbs.filter((db) => db.scale);
  out.push(scaled.length
    ? `Data: the demo data; in the million-row columns the demo data plus generated rows: ${scaled.map((db) => `${db.kind} ${describeSize(db.scale!.size)}`).join('; ')}.`
    : 'Data: the demo data (run with `-- --scale` for the million-row data beside it).');
  out.push(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s per line after a ${WARMUP_SECONDS} s warm-up, on 127.0.0.1; the server runs in its own process in production mode (DECK_PRODUCTION=1: a JSON log line per request, here to /dev/null, and the metrics), signed in as alice with the host identity token (likes: ${WRITERS} different users).`);
  out.push('CPU per request: the server process, the PostgreSQL processes and autocannon, from /proc; the CPU-bound share is the throughput that CPU allows when all three share the cores and each process uses at most one (scripts/bench/cpu-meter.ts): it hardly depends on other load, unlike requests per second.');
  out.push('');
  const header = ['route', ...dbs.flatMap((db) => [`${db.label} rps`, `${db.label} p99 (ms)`, `${db.label} % of bare`, `${db.label} CPU per request (ms): server / database / autocannon`, `${db.label} CPU-bound % of bare`])];
  out.push(`| ${header.join(' | ')} |`);
  out.push(`|${header.map(() => '---').join('|')}|`);
  out.push(`| bare Fastify route (same JSON): the mean of a run before the routes and one after (${dbs.map((db) => `${db.label}: ${db.bareRuns.map(fmt).join(' and ')}`).join('; ')}) | ${dbs.map((db) => `${fmt(db.bare.rps)} | ${db.bare.p99} | 100 % | ${cpuText(db.bare.cpu)} | 100 %`).join(' | ')} |`);
  for (const name of Object.keys(dbs[0].routes)) {
    out.push(`| ${name} | ${dbs.map((db) => `${fmt(db.routes[name].rps)} | ${db.routes[name].p99} | ${pct(db.routes[name].rps / db.bare.rps)} | ${cpuText(db.routes[name].cpu)} | ${projectedText(db.routes[name].cpu, db.bare.cpu)}`).join(' | ')} |`);
  }
  out.push(`| GET unified-privacy, Accept-Encoding: br | ${dbs.map((db) => `${fmt(db.compressed.rps)} | ${db.compressed.p99} | ${pct(db.compressed.rps / db.bare.rps)}`).join(' | ')} |`);
  out.push('');
  out.push(
    `Latency at a steady ${STEADY_RATE} requests per second: one request every ${1000 / STEADY_RATE} ms on up to ${CONNECTIONS} connections, each timed from when it was due (scripts/bench/steady.ts); beside it, the p99 of autocannon's \`overallRate\` of the same rate, which sends each second's ${STEADY_RATE} requests at its start (a burst, not a goal):`,
  );
  out.push('');
  const steadyHeader = ['route', ...dbs.flatMap((db) => [`${db.label} p50 (ms)`, `${db.label} p99 (ms)`, `${db.label} max (ms)`, `${db.label} burst p99 (ms)`])];
  out.push(`| ${steadyHeader.join(' | ')} |`);
  out.push(`|${steadyHeader.map(() => '---').join('|')}|`);
  const steadyCells = (m: SteadyMeasure) => `${m.p50} | ${m.p99} | ${m.max} | ${m.burstP99}`;
  out.push(`| bare Fastify route | ${dbs.map((db) => steadyCells(db.bareSteady)).join(' | ')} |`);
  for (const name of Object.keys(dbs[0].steady)) {
    out.push(`| ${name} | ${dbs.map((db) => steadyCells(db.steady[name])).join(' | ')} |`);
  }
  out.push('');
  out.push('| other | ' + dbs.map((db) => db.label).join(' | ') + ' |');
  out.push('|---|' + dbs.map(() => '---').join('|') + '|');
  out.push(`| GET share permissions, first page of ${fmt(BIG_LIST)} collaborators, 1 connection: rps / p50 / p99 (ms) | ${dbs.map((db) => `${fmt(db.bigListFirstPage.rps)} / ${db.bigListFirstPage.p50} / ${db.bigListFirstPage.p99}`).join(' | ')} |`);
  out.push(`| GET share permissions, all ${fmt(BIG_LIST)} collaborators (no paging), 1 connection: rps / p50 / p99 (ms) | ${dbs.map((db) => `${fmt(db.bigList.rps)} / ${db.bigList.p50} / ${db.bigList.p99}`).join(' | ')} |`);
  out.push(`| contention, ${CONNECTIONS} connections on one document (likes + collaborator changes), ${CONTENTION_SECONDS} s: rps | ${dbs.map((db) => fmt(db.contention.rps)).join(' | ')} |`);
  out.push(`| contention: requests / errors | ${dbs.map((db) => `${fmt(db.contention.requests)} / ${db.contention.errors}`).join(' | ')} |`);
  out.push(`| contention: end state matches the model | ${dbs.map((db) => `${db.contention.consistent ? 'yes' : 'NO'} (${db.contention.detail})`).join(' | ')} |`);
  out.push(...viralRows(dbs));
  out.push(...capacityRows(dbs));
  for (const db of dbs) {
    if (db.scale) {
      out.push(`| ${db.label}: generating the scale data (s) | ${dbs.map((other) => (other === db ? Object.entries(db.scale!.seconds).map(([k, v]) => `${k} ${round(v)}`).join(', ') : '')).join(' | ')} |`);
    }
  }
  out.push('');
  out.push(`Goals (ratios to the bare route of the same run; reads ≥ ${pct(GOALS.read.ratio)}, likes ≥ ${pct(GOALS.like.ratio)}, PUT share permission ≥ ${pct(GOALS.sharePermission.ratio)}; p99 at ${STEADY_RATE} rps within the bare route's p99 + ${GOALS.read.p99} ms for reads, + ${GOALS.like.p99} ms for writes; a revocation seen by a second instance p99 ≤ ${GOALS.revocationP99Ms} ms, max ≤ ${GOALS.revocationMaxMs} ms; 100,000 kept contexts ≤ 200 MB):`);
  out.push('');
  for (const db of dbs) out.push(...goalLines(db));
  for (const db of scaled) {
    const demo = dbs.find((other) => other.kind === db.kind && !other.scale);
    if (demo) out.push(...scaleGoalLines(demo, db));
  }
  out.push('');
  out.push('The plans of the hot statements (EXPLAIN with the parameters each route sent) are in `.bench/server-plans.md` after a run.');
  return out.join('\n');
}

/** EXPLAIN of every statement the hot routes sent: kept beside the raw figures, not in docs/benchmarks.md. */
export function serverPlansMarkdown(report: ServerBenchReport): string {
  const dbs = report.databases;
  const out: string[] = [];
  const planSource = dbs.find((db) => db.kind === 'PostgreSQL') ?? dbs[0];
  out.push(`# Plans of the hot statements (${planSource.kind}, EXPLAIN with the parameters the route sent, costs off)`);
  out.push('');
  let lastRoute = '';
  for (const plan of planSource.plans) {
    if (plan.route !== lastRoute) {
      out.push(`#### ${plan.route}`);
      out.push('');
      lastRoute = plan.route;
    }
    out.push('```sql');
    out.push(plan.sql);
    out.push('```');
    out.push('```');
    out.push(plan.plan);
    out.push('```');
    out.push('');
  }
  return out.join('\n');
}

export const SERVER_START = '<!-- server-bench:start (written by npm run bench) -->';
export const SERVER_END = '<!-- server-bench:end -->';

/** Replaces the server section of docs/benchmarks.md, leaving everything else as it is. */
export function withServerSection(doc: string, section: string): string {
  const block = `${SERVER_START}\n${section}\n${SERVER_END}`;
  const start = doc.indexOf(SERVER_START);
  const end = doc.indexOf(SERVER_END);
  if (start === -1 || end === -1) return `${doc.trimEnd()}\n\n${block}\n`;
  return `${doc.slice(0, start)}${block}${doc.slice(end + SERVER_END.length)}`;
}

export function benchmarksDocPath(): string {
  return path.join(root, 'docs', 'benchmarks.md');
}

export function readBenchmarksDoc(): string {
  return readFileSync(benchmarksDocPath(), 'utf8');
}
