import { CompiledQuery } from 'kysely';
import type { Database } from './database';
import type { ObservedQuery } from './query-observer';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const explainQuery = (options: string, query: ObservedQuery) =>
  CompiledQuery.raw(`explain (${options}) ${query.sql}`, [...query.parameters]);

/** The planner's plan of a statement as a route sent it (with its parameters), without running it. */
export async function explainPlan(db: Database, query: ObservedQuery): Promise<PlanNode> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(explainQuery('format json', query));
  const raw = rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return parsed[0].Plan;
}

/** A parameter as an SQL literal (for EXECUTE, which takes no bind parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Array parameters are arrays of scalars.
  const element = (item: string | number | boolean | null) => (item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`);
  const text =
    value instanceof Date ? value.toISOString()
    : typeof value === 'string' ? value
    : Array.isArray(value) ? `{${(value as Array<string | number | boolean | null>).map(element).join(',')}}`
    : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The generic plan of a statement: the plan a hot statement runs from (prepared-statements.ts), made without its
 * values. PREPARE and EXPLAIN EXECUTE under force_generic_plan (works on PostgreSQL 12 and later), on one connection.
 */
export async function explainGenericPlan(db: Database, query: ObservedQuery): Promise<PlanNode> {
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
    await connection.executeQuery(CompiledQuery.raw(`prepare deck_explained as ${query.sql}`));
    try {
      const values = query.parameters.map(literal);
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) execute deck_explained${values.length ? `(${values.join(', ')})` : ''}`),
      );
      const raw = rows[0]['QUERY PLAN'];
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0].Plan;
    } finally {
      await connection.executeQuery(CompiledQuery.raw('deallocate deck_explained'));
      await connection.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
    }
  });
}

/** The same plan as PostgreSQL prints it (for docs/benchmarks.md). */
export async function explainText(db: Database, query: ObservedQuery): Promise<string> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(explainQuery('costs off', query));
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Every node of a plan, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** Tables the plan reads whole (sequential scans). */
export function sequentialScans(plan: PlanNode): string[] {
  return planNodes(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name'] ?? '?');
}
