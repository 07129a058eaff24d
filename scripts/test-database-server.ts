import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { startScratchPostgres } from '../server/src/db/embedded-postgres';
import { createTemplateDatabases, TEMPLATE_ENV } from '../server/src/testing/harness';

/**
 * The PostgreSQL server of a run of the server tests: DATABASE_URL's when it is set (CI also runs them on the
 * system's PostgreSQL 15), else one throw-away embedded cluster for the whole run, stopped at its end. The run's
 * template databases are migrated and seeded here once, and every test database is a clone of one
 * (server/src/testing/harness.ts; docs/decisions.md, "Fast feedback").
 */
export async function withTestDatabaseServer<T>(run: (env: NodeJS.ProcessEnv) => Promise<T>, { niceness = 0 } = {}): Promise<T> {
  const cluster = process.env.DATABASE_URL ? undefined : await startScratchPostgres({ max_connections: 200 });
  if (cluster && niceness > 0) lowerPriority(cluster.dataDir, niceness);
  const serverUrl = cluster?.url ?? process.env.DATABASE_URL!;
  try {
    const templates = await createTemplateDatabases(serverUrl);
    try {
      return await run({ DATABASE_URL: serverUrl, [TEMPLATE_ENV]: templates.prefix });
    } finally {
      await templates.drop();
    }
  } finally {
    await cluster?.stop();
  }
}

/**
 * The postmaster at a lower CPU priority: the backends it forks for the tests' connections inherit it (see
 * runStep's `niceness`).
 */
function lowerPriority(dataDir: string, niceness: number): void {
  const postmasterPid = Number.parseInt(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8'), 10);
  setPriority(postmasterPid, niceness);
}
