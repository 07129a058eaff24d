import { startScratchPostgres } from '../server/src/db/embedded-postgres';

/**
 * The PostgreSQL server of a run of the server tests: DATABASE_URL's when it is set (CI also runs them on the
 * system's PostgreSQL 15), else one throw-away embedded cluster for the whole run, stopped at its end. Each
 * test file makes its own database on it (server/src/testing/harness.ts).
 */
export async function withTestDatabaseServer<T>(run: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return run({});
  const cluster = await startScratchPostgres({ max_connections: 200 });
  try {
    return await run({ DATABASE_URL: cluster.url });
  } finally {
    await cluster.stop();
  }
}
