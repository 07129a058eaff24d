import { startScratchPostgres } from '../server/src/db/embedded-postgres';
import { createTemplateDatabases, TEMPLATE_ENV } from '../server/src/testing/harness';

/**
 * The PostgreSQL server of a run of the server tests: DATABASE_URL's when it is set (CI also runs them on the
 * system's PostgreSQL 15), else one throw-away embedded cluster for the whole run, stopped at its end. The run's
 * template databases are migrated and seeded here once, and every test database is a clone of one
 * (server/src/testing/harness.ts; docs/decisions.md, "Fast feedback").
 */
export async function withTestDatabaseServer<T>(run: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const cluster = process.env.DATABASE_URL ? undefined : await startScratchPostgres({ max_connections: 200 });
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
