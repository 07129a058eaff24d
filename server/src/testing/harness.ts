import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openDatabase, type Database } from '../db/database';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import type { QueryObserver } from '../db/query-observer';

let shared: PGlite | null = null;

function sharedPglite(): PGlite {
  shared ??= new PGlite();
  return shared;
}

/** Closes the process-wide in-memory PGlite (optional: an open instance does not keep the process alive). */
export async function closeSharedPglite(): Promise<void> {
  const p = shared;
  shared = null;
  if (p && !p.closed) await p.close();
}

export interface TestDatabase {
  db: Database;
  schema: string;
  /** Another connection (its own pool on PostgreSQL) to the same data: what a second server instance has. */
  connect(): Promise<Database>;
  /** Drops the test schema and releases the connections. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database in its own schema: on PostgreSQL when DATABASE_URL is set,
 * else in one in-memory PGlite shared by the test file. Each call gets a new schema (dropped by cleanup).
 */
export async function createTestDatabase(opts: { seed?: boolean; observer?: QueryObserver } = {}): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const url = process.env.DATABASE_URL;
  const db = url
    ? await openDatabase({ url, schema, seed: opts.seed, poolSize: 20, observer: opts.observer })
    : await openDatabase({ pglite: sharedPglite(), schema, seed: opts.seed, observer: opts.observer });
  let cleaned = false;
  const others: Database[] = [];
  return {
    db,
    schema,
    async connect() {
      const other = url
        ? await openDatabase({ url, schema, seed: false, poolSize: 20 })
        : await openDatabase({ pglite: sharedPglite(), schema, seed: false });
      others.push(other);
      return other;
    },
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      for (const other of others) await other.destroy();
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
      await db.destroy();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** buildApp on a fresh test database; config can set small limits. */
export async function createTestApp(
  config: Partial<ServerConfig> = {},
  opts: { staticDir?: string; observer?: QueryObserver } = {},
): Promise<TestApp> {
  const tdb = await createTestDatabase({ observer: opts.observer });
  const app = await buildApp({ db: tdb.db, config: { sessionSecret: 'test-secret-test-secret', ...config }, staticDir: opts.staticDir });
  await app.ready();
  return {
    app,
    db: tdb.db,
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
}

/** A browser-like client over app.inject(): keeps cookies and sends X-CSRFToken on mutations. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

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
    const res = await this.app.inject({ method, url, headers, payload });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let body: unknown = undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('application/json') && res.body) body = JSON.parse(res.body);
    return { status: res.statusCode, headers: res.headers, body: body as T, text: res.body };
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
export async function clientAs(app: FastifyInstance, username: string | null): Promise<TestClient> {
  const c = new TestClient(app);
  if (username) await c.signIn(username);
  else await c.get('/api/v1/session/');
  return c;
}

const TABLES = [
  'teams', 'users', 'documents', 'collaborators', 'document_team_permissions', 'likes', 'view_links', 'view_link_visits',
  'folders', 'folder_members', 'folder_documents', 'feature_switches', 'invitations', 'referral_tokens', 'client_logs', 'analytics_events',
] as const;

/** Every row of every table, for "nothing changed" assertions. */
export async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
    out[t] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
