import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { openDatabase } from '../../server/src/db/database';
import { poolSettingsFromEnv } from '../../server/src/db/pool';
import { buildApp } from '../../server/src/app';
import { defaultConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/ops/logger';
import { createMetrics } from '../../server/src/ops/metrics';
import pino from 'pino';
import { modeFromEnv } from '../../server/src/production';
import { BENCH_IDENTITY, BENCH_METRICS_TOKEN } from './production-mode';

/**
 * A server under test, in its own process so that autocannon does not share its event loop:
 * BENCH_MODE=app serves the product in production mode on DATABASE_URL's PostgreSQL, in BENCH_SCHEMA: a JSON
 * log line per request (to BENCH_LOG, default /dev/null: a log collector's own work is not the server's) and the
 * metrics, and the pages of the client build in BENCH_STATIC_DIR when set (the view page's first view included);
 * BENCH_MODE=bare serves BENCH_BARE_JSON from a Fastify route with nothing else on it.
 * Tells the parent process 'ready' once it listens.
 */
/** BENCH_CPU_PROFILE=<file>: a CPU profile from listening to SIGTERM (start-up and module loading left out). */
async function startProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_SERVE_PORT);
  const host = '127.0.0.1';
  if (process.env.BENCH_MODE === 'bare') {
    const payload = JSON.parse(process.env.BENCH_BARE_JSON ?? '{}') as object;
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => payload);
    if (process.env.BENCH_BARE_PG) {
      const { default: pgModule } = await import('pg');
      const pool = new pgModule.Pool({ connectionString: process.env.BENCH_BARE_PG, max: 10 });
      bare.get('/bare-pg', async () => {
        await pool.query({ name: 'one', text: 'select $1::int as one', values: [1] });
        return payload;
      });
    }
    await bare.listen({ port, host });
    process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
  } else {
    const metrics = createMetrics();
    const logger = createLogger({ level: 'info', destination: pino.destination({ dest: process.env.BENCH_LOG ?? '/dev/null', sync: true }) });
    // The pool as production sizes it (DATABASE_POOL_SIZE and the time-outs of docs/deploying.md).
    const poolSettings = poolSettingsFromEnv(process.env, (err) => {
      throw err;
    });
    const db = await openDatabase({ url: process.env.DATABASE_URL, schema: process.env.BENCH_SCHEMA, seed: false, pool: poolSettings, onPool: (pool) => metrics.watchPool(pool) });
    const app = await buildApp({
      db,
      logger,
      metrics,
      staticDir: process.env.BENCH_STATIC_DIR || undefined,
      config: {
        // Production mode (production-mode.ts): what a company runs is what is measured.
        ...modeFromEnv(BENCH_IDENTITY),
        publicOrigin: `http://${host}:${port}`,
        metricsToken: BENCH_METRICS_TOKEN,
        // The contention run sends thousands of invitations from one account, and 51 accounts sign in
        // from one address.
        inviteRateLimit: { max: 1_000_000_000, windowSeconds: 3600 },
        rateLimits: { ...defaultConfig().rateLimits, 'sign-in': { max: 1_000_000_000, windowSeconds: 60 } },
      },
    });
    await app.listen({ port, host });
    const stopProfile = await startProfile(process.env.BENCH_CPU_PROFILE);
    process.on('SIGTERM', () => void stopProfile().then(() => app.close()).then(() => db.destroy()).then(() => process.exit(0)));
  }
  process.send?.('ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
