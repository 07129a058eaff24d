import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase } from './db/database';
import { randomToken } from './tokens';
import { repoRoot } from './repo-root';
import { settingsFromEnv } from './ops/settings';
import { createLogger } from './ops/logger';
import { createMetrics } from './ops/metrics';
import { serve } from './ops/server-process';
import { databaseStartupError, exitOnCrash, reportStartupFailure } from './ops/startup-errors';

/** SESSION_SECRET from the environment, else one generated once and kept in the data folder. */
function sessionSecret(dataDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const v = readFileSync(file, 'utf8').trim();
    if (v) return v;
  }
  const secret = randomToken(32);
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

// Before anything else: every setting is checked, and a bad one stops the start with every problem named.
const startupLogger = createLogger({ level: 'info' });

async function main(): Promise<void> {
  const settings = settingsFromEnv(process.env, repoRoot);
  const logger = createLogger({ level: settings.logLevel });
  exitOnCrash(logger);
  const metrics = createMetrics();
  const { url, readUrl, directUrl, dataDir, preparedStatements, pool } = settings.database;

  // Demo data only in the demo: a production server on an empty database holds nothing but the schema's rows.
  const seed = !settings.production;
  const db = await openDatabase(
    url
      ? {
          url,
          directUrl,
          preparedStatements,
          pool,
          seed,
          onPool: (p) => metrics.watchPool(p),
          onConnectionLost: (err) => {
            metrics.databaseErrors.inc({ kind: 'lost' });
            logger.warn({ err: { type: err.name, message: err.message, code: (err as { code?: string }).code } }, 'database connection lost: the pool opens a new one when needed');
          },
        }
      : { dataDir, seed },
  ).catch((err: unknown) => {
    throw databaseStartupError(err, url) ?? err;
  });
  // The replica replays the primary's schema and data: nothing is migrated or seeded through it.
  const readReplica = readUrl
    ? await openDatabase({ url: readUrl, preparedStatements, pool, seed: false, migrate: false }).catch((err: unknown) => {
        throw databaseStartupError(err, readUrl) ?? err;
      })
    : undefined;
  await serve({ settings, logger, metrics, db, readReplica, sessionSecret: sessionSecret(url ? join(repoRoot, '.data') : dirname(dataDir)) });
}

main().catch((err: unknown) => reportStartupFailure(startupLogger, err));
