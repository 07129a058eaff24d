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
