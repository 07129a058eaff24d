import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openDatabase, type Database } from '../db/database';
import { resetDemoData } from '../db/reset';
import { startScratchPostgres } from '../db/embedded-postgres';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { QueryObserver } from '../db/query-observer';
import type { Logger } from 'pino';
import type { Metrics } from '../ops/metrics';

/**
 * The test process's PostgreSQL server: DATABASE_URL's (the test runner starts one embedded cluster for a whole
 * run and passes it on; CI also runs the tests on a system PostgreSQL), else a throw-away embedded cluster of
 * this process's own (a test file run by itself).
 */
let server: Promise<{ url: string; stop?: () => Promise<void> }> | undefined;

function testServer() {
  server ??= (async () => {
    if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
    const cluster = await startScratchPostgres({ max_connections: 200 });
    return { url: cluster.url, stop: cluster.stop };
  })();
  return server;
}

/** The connection string of the same server with another database. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * The schema every test database keeps its data in. The templates are migrated and seeded in it, and a database
 * cloned from one keeps it, so each test database is a database of its own with the same schema name
 * (docs/decisions.md, "Fast feedback").
 */
export const TEST_SCHEMA = 'deck_test';

/**
 * The environment variable that names the run's template databases (`<name>_seeded`, `<name>_migrated`),
 * made once by the test runner (scripts/test-database-server.ts) for every test file of the run.
 */
export const TEMPLATE_ENV = 'DECK_TEST_TEMPLATE';

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,50}$/;

function templateNames(prefix: string) {
  return { seeded: `${prefix}_seeded`, migrated: `${prefix}_migrated` };
}

/**
 * Migrates (and seeds) the two template databases of a run on the server at `serverUrl`: `<prefix>_migrated`
 * (the schema only, for `createTestDatabase({ seed: false })`) and `<prefix>_seeded` (schema and demo data).
 * Migrating and seeding once per run instead of once per test is what makes a test database cheap: a clone
 * (`create database … template …`) copies the files of the template instead of replaying the migrations.
 * Needs the CREATEDB privilege, and to clone a database that is no template by flag, its owner or a superuser.
 */
export async function createTemplateDatabases(serverUrl: string, prefix = `deck_tpl_${randomBytes(6).toString('hex')}`): Promise<{ prefix: string; drop(): Promise<void> }> {
  if (!DATABASE_NAME.test(prefix)) throw new Error(`Invalid template name: ${prefix}`);
  const names = templateNames(prefix);
  await adminQuery(serverUrl, `create database ${names.migrated}`);
  const migrated = await openDatabase({ url: withDatabase(serverUrl, names.migrated), schema: TEST_SCHEMA, seed: false, poolSize: 1 });
  await migrated.destroy();
  await cloneDatabase(serverUrl, names.migrated, names.seeded);
  const seeded = await openDatabase({ url: withDatabase(serverUrl, names.seeded), schema: TEST_SCHEMA, seed: true, poolSize: 1 });
  await seeded.destroy();
  return {
    prefix,
    async drop() {
      await dropDatabase(serverUrl, names.seeded);
      await dropDatabase(serverUrl, names.migrated);
    },
  };
}

/** This process's templates: the run's (TEMPLATE_ENV), or made on first use by a test file run by itself. */
let templates: Promise<{ prefix: string; drop?: () => Promise<void> }> | undefined;

function testTemplates() {
  templates ??= (async () => {
    const fromRunner = process.env[TEMPLATE_ENV];
    if (fromRunner) return { prefix: fromRunner };
    const { url } = await testServer();
    return createTemplateDatabases(url);
  })();
  return templates;
}

/** The test databases of this process not dropped yet (a test that skipped cleanup()): closeTestDatabases drops them. */
const openTestDatabases = new Set<string>();

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A clone of a template. Retried while the template is still "being accessed by other users" (55006): the
 * connection that migrated it may still be on its way out, and PostgreSQL copies a database nobody is in.
 */
async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${name} template ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 30) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Drops this process's test databases that are still there and its own templates, and stops its own embedded
 * cluster, if it started one: every test file calls it in `after`. Every TestDatabase should have been cleaned
 * up first; one that was not is dropped with its connections (`with (force)`).
 */
export async function closeTestDatabases(): Promise<void> {
  const own = server;
  const ownTemplates = templates;
  server = undefined;
  templates = undefined;
  if (own) {
    const { url: serverUrl } = await own;
    for (const name of [...openTestDatabases]) {
      openTestDatabases.delete(name);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    }
  }
  if (ownTemplates) await (await ownTemplates).drop?.();
  if (own) await (await own).stop?.();
}

/**
 * The pools of the file's tests are closed, but their connections may still be on their way out (a pool's
 * end() does not wait for them): a plain drop is retried until they are gone, and only then forced (which
 * would answer a connection still open with an error).
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      await adminQuery(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (err) {
      // 55006: object_in_use ("database … is being accessed by other users").
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

/**
 * A new, empty database of its own on the test server: for a server process started by a test, which migrates
 * and seeds the `public` schema of the database DATABASE_URL names itself.
 */
export async function createEmptyDatabase(): Promise<{ url: string; serverUrl: string; drop(): Promise<void> }> {
  const { url: serverUrl } = await testServer();
  const name = `deck_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  openTestDatabases.add(name);
  return {
    url: withDatabase(serverUrl, name),
    serverUrl,
    async drop() {
      openTestDatabases.delete(name);
      await dropDatabase(serverUrl, name);
    },
  };
}

export interface TestDatabase {
  db: Database;
  /** The schema the data is in (TEST_SCHEMA): what search_path names on every connection. */
  schema: string;
  /** The connection string of this test database (a pool of one's own needs `schema` for search_path). */
  url: string;
  /** Another connection (its own pool) to the same data: what a second server instance has. */
  connect(): Promise<Database>;
  /** Releases the connections and drops the database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated and seeded (or, with `seed: false`, only migrated) database of its own: a clone of the run's
 * template (createTemplateDatabases), dropped by cleanup().
 */
export async function createTestDatabase(opts: { seed?: boolean; observer?: QueryObserver } = {}): Promise<TestDatabase> {
  const { url: serverUrl } = await testServer();
  const names = templateNames((await testTemplates()).prefix);
  const name = `deck_test_${randomBytes(6).toString('hex')}`;
  await cloneDatabase(serverUrl, opts.seed === false ? names.migrated : names.seeded, name);
  openTestDatabases.add(name);
  const url = withDatabase(serverUrl, name);
  const schema = TEST_SCHEMA;
  // seed: false — the clone holds the seeded data already (or must stay empty); its migrations are all applied.
  const db = await openDatabase({ url, schema, seed: false, poolSize: 20, observer: opts.observer });
  let cleaned = false;
  const others: Database[] = [];
  return {
    db,
    schema,
    url,
    async connect() {
      const other = await openDatabase({ url, schema, seed: false, poolSize: 20 });
      others.push(other);
      return other;
    },
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      for (const other of others) await other.destroy();
      await db.destroy();
      openTestDatabases.delete(name);
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * The read cache as the tests run it: they write to the database directly between requests, so each request
 * first applies the notices of the writes committed before it (what a request of a later moment sees anywhere).
 * The two-instance test (read-cache.test.ts) runs without it, to measure how soon a notice takes effect.
 */
export const TEST_READ_CACHE = { enabled: true, awaitNoticesEachRequest: true } as const;

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
  config?: { csrfExempt?: boolean };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  routes: RegisteredRoute[];
  /**
   * Puts the data back to the seeded demo data (every table emptied, sequences restarted, seeded again) for an
   * app that a file's tests share: `before` builds it, `beforeEach` resets it (docs/decisions.md, "Fast feedback").
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** buildApp on a fresh test database; config can set small limits. `routes` lists every registered route. */
export async function createTestApp(
  config: Partial<ServerConfig> = {},
  opts: { staticDir?: string; observer?: QueryObserver; logger?: Logger; metrics?: Metrics } = {},
): Promise<TestApp> {
  const tdb = await createTestDatabase({ observer: opts.observer });
  const routes: RegisteredRoute[] = [];
  const app = await buildApp({
    db: tdb.db,
    config: { sessionSecret: 'test-secret-test-secret', readCache: TEST_READ_CACHE, ...config },
    staticDir: opts.staticDir,
    logger: opts.logger,
    metrics: opts.metrics,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema, config: route.config });
    },
  });
  await app.ready();
  return {
    app,
    db: tdb.db,
    routes,
    reset: () => resetDemoData(tdb.db),
    async close() {
      await app.close();
      await tdb.cleanup();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
  /** The body's bytes, for what is not text (a PDF). */
  raw: Buffer;
}

/** A browser-like client over app.inject(): keeps cookies and sends X-CSRFToken on mutations. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /** remoteAddress: the client's address as the server sees it (rate limits count per address). */
  constructor(readonly app: FastifyInstance, readonly remoteAddress?: string) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  async request<T = any>(
    method: InjectOptions['method'],
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; csrf?: boolean | string; contentType?: string } = {},
  ): Promise<TestResponse<T>> {
    if (!this.csrfToken && opts.csrf !== false && method !== 'GET') await this.request('GET', '/api/v1/session/');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.csrf !== false && method !== 'GET') {
      const token = typeof opts.csrf === 'string' ? opts.csrf : this.csrfToken;
      if (token) headers['x-csrftoken'] = token;
    }
    let payload: string | undefined;
    if (opts.body !== undefined) {
      payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    const res = await this.app.inject({ method, url, headers, payload, ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}) });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let body: unknown = undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('application/json') && res.body) body = JSON.parse(res.body);
    return { status: res.statusCode, headers: res.headers, body: body as T, text: res.body, raw: res.rawPayload };
  }

  get<T = any>(url: string, opts?: { headers?: Record<string, string> }) {
    return this.request<T>('GET', url, opts);
  }
  put<T = any>(url: string, body?: unknown, opts: { csrf?: boolean | string } = {}) {
    return this.request<T>('PUT', url, { ...opts, body });
  }
  post<T = any>(url: string, body?: unknown, opts: { csrf?: boolean | string; contentType?: string } = {}) {
    return this.request<T>('POST', url, { ...opts, body });
  }
  delete<T = any>(url: string, body?: unknown, opts: { csrf?: boolean | string } = {}) {
    return this.request<T>('DELETE', url, { ...opts, body });
  }

  /** Signs in through GET /dev/sign-in. */
  async signIn(username: string): Promise<this> {
    const res = await this.get(`/dev/sign-in?user=${encodeURIComponent(username)}&next=/`);
    if (res.status !== 302) throw new Error(`sign-in as ${username} failed: ${res.status} ${res.text}`);
    return this;
  }
}

/** A client signed in as `username` (or anonymous with null). */
/** A second browser holding a copy of the client's cookies, talking to another instance (app). */
export function copyOn(app: FastifyInstance, c: TestClient): TestClient {
  const copy = new TestClient(app);
  for (const [k, v] of c.cookies) copy.cookies.set(k, v);
  return copy;
}

export async function clientAs(app: FastifyInstance, username: string | null): Promise<TestClient> {
  const c = new TestClient(app);
  if (username) await c.signIn(username);
  else await c.get('/api/v1/session/');
  return c;
}

/**
 * Tables that only keep request bookkeeping (sessions, rate-limit counters, Kysely's migration state):
 * a refused request may touch them, so "nothing changed" assertions leave them out.
 */
export const BOOKKEEPING_TABLE = /^(kysely_.*|.*sessions?|.*rate_?limit.*)$/;

/** The data tables of the current schema (found, not listed, so tables added later are included). */
export async function dataTables(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING_TABLE.test(name));
}

/** Every row of every data table, for "nothing changed" assertions. */
export async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of await dataTables(db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
    out[t] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** One hash of every row of every data table, in one round trip (cheap enough to take around each request). */
export async function dataHasher(db: Database): Promise<() => Promise<string>> {
  const tables = await dataTables(db);
  const parts = tables.map(
    (t) => sql`(select ${t} || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${sql.table(t)} as x)`,
  );
  const query = sql<{ h: string }>`select md5(concat_ws(',', ${sql.join(parts)})) as h`;
  return async () => (await query.execute(db)).rows[0].h;
}

/**
 * Runs a call that must be refused: asserts its status (and message, exact or by pattern) and that no row of
 * any data table changed. Returns the response for further checks.
 */
export async function expectRefused(
  db: Database,
  call: () => Promise<TestResponse>,
  status: number,
  message?: string | RegExp,
): Promise<TestResponse> {
  const before = await snapshot(db);
  const res = await call();
  assert.equal(res.status, status, `expected ${status}, got ${res.status} ${res.text}`);
  if (typeof message === 'string') assert.equal(res.body.message, message);
  else if (message) assert.match(res.body.message, message);
  assert.deepEqual(await snapshot(db), before, 'nothing is written');
  return res;
}
