import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * The hot statements (a signed-in request's session, the permission context, the like, the share list) run
 * on every request, and PostgreSQL spends more time parsing and planning them than running them (planning
 * the permission context takes about 0.5 ms, running it 0.2 ms). They are registered here, and on PostgreSQL
 * each connection sends them as named prepared statements: parsed once per connection, planned from a
 * cached plan afterwards. Every other statement goes as before (unnamed), so ad-hoc queries cannot fill
 * the server's memory with prepared statements.
 */
const names = new Map<string, string>();

/** Marks a statement text as hot; returns the query unchanged. The set of texts is small and fixed by the code. */
export function preparedStatement<T extends { sql: string }>(query: T): T {
  if (!names.has(query.sql)) names.set(query.sql, `deck_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  return query;
}

/** The prepared statement's name of a registered text (undefined: not a hot statement). */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * A statement compiled once with stand-in values (`slots`, each unique among the parameters), then filled in
 * per request: building and compiling a Kysely query costs more CPU than PostgreSQL takes to run a hot one.
 * The template's text is registered as a prepared statement.
 */
export function statementTemplate<S extends Record<string, unknown>>(compile: () => CompiledQuery, slots: S): (values: { [K in keyof S]?: unknown }) => CompiledQuery {
  let template: CompiledQuery | undefined;
  const keys = Object.keys(slots) as Array<keyof S>;
  return (values) => {
    template ??= preparedStatement(compile());
    const parameters = template.parameters.map((parameter) => {
      const key = keys.find((k) => slots[k] === parameter);
      return key === undefined ? parameter : values[key];
    });
    return CompiledQuery.raw(template.sql, parameters);
  };
}

const PATCHED = Symbol('deck.preparedStatements');

type QueryFn = (text: unknown, values?: unknown) => Promise<unknown>;

/**
 * The hot statements are planned once per connection, from their generic plan, never again per execution. In its
 * default mode PostgreSQL plans a statement anew with each execution's values while the generic plan's estimate
 * is worse than those plans', and for the share list's statement it stays so (its search and paging parameters make
 * the generic estimate look costly): planning it took 0.49 ms per request against 0.2 ms to run it. The hot
 * statements all find their rows by key, so the generic plan is the right one (indexes.test.ts holds their plans).
 * Only named statements have a plan cache: other statements are planned with their values as before. A
 * PostgreSQL-compatible engine without the setting refuses it: the connection goes on in its default mode.
 */
export const PLAN_CACHE_SETTING = 'set plan_cache_mode = force_generic_plan';

/** pg sends a query with a `name` as a named prepared statement (Parse once per connection, then Bind/Execute). */
function patchClient(client: pg.PoolClient, planCacheSetting: boolean): pg.PoolClient {
  const marked = client as pg.PoolClient & { [PATCHED]?: true };
  if (marked[PATCHED]) return client;
  marked[PATCHED] = true;
  // Queued before any statement of the connection's first user (pg runs a client's queries in order).
  if (planCacheSetting) void client.query(PLAN_CACHE_SETTING).catch(() => undefined);
  const query = client.query.bind(client) as unknown as QueryFn;
  (client as unknown as { query: QueryFn }).query = (text, values) => {
    const name = typeof text === 'string' ? preparedName(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values);
  };
  return client;
}

/**
 * The pool Kysely's PostgresDialect uses, with the hot statements prepared on each connection. `planCacheSetting:
 * false` behind a transaction pooler, where a SET would reach another client's server connection: the role's
 * default carries it there (docs/deploying.md, *Connections*).
 */
export function withPreparedStatements(pool: pg.Pool, opts: { planCacheSetting?: boolean } = {}): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return async () => patchClient(await target.connect(), opts.planCacheSetting !== false);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
