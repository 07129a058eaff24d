import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/database';
import { DataFolderLockedError } from './db/data-folder-lock';
import { buildApp } from './app';
import { remoteOverridesFromEnv, publicUrlsFromEnv, cardPaymentsFromEnv } from './config';
import { modeFromEnv, StartupError } from './production';
import { crossOriginFromEnv } from './http/cors';
import { randomToken } from './services/tokens';
import { startOutboxSender } from './mail/outbox';
import { transportFromEnv } from './mail/transport';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

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

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const dataRoot = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot, '.data', 'postgres');
  const url = process.env.DATABASE_URL || undefined;
  // Checked before the database opens: a production server with a missing secret never starts.
  const mode = modeFromEnv(process.env);
  const crossOrigin = crossOriginFromEnv(process.env, mode.production === true);

  // DATABASE_PREPARED_STATEMENTS=0 behind a pooler that cannot keep prepared statements (docs/deploying.md).
  const db = await openDatabase(url ? { url, preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== '0' } : { dataDir: dataRoot });
  const app = await buildApp({
    db,
    staticDir: process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(repoRoot, 'dist'),
    config: {
      sessionSecret: sessionSecret(url ? join(repoRoot, '.data') : dirname(dataRoot)),
      remotes: remoteOverridesFromEnv(process.env),
      ...crossOrigin,
      publicUrls: publicUrlsFromEnv(process.env, mode.production === true),
      cardPayments: cardPaymentsFromEnv(process.env, mode.production === true),
      shortName: process.env.SHORT_NAME || 'deck',
      preProduction: process.env.PRE_PRODUCTION === '1' || process.env.PRE_PRODUCTION === 'true',
      // The demo records what its own pages send from localhost; a production server only when asked.
      recordLocalAnalytics: process.env.RECORD_LOCAL_ANALYTICS ? process.env.RECORD_LOCAL_ANALYTICS === '1' : !mode.production,
      logger: process.env.LOG_REQUESTS === '1',
      earlyHints: process.env.EARLY_HINTS === '1',
      testMode: process.env.DECK_TEST_MODE === '1',
      ...mode,
    },
  });

  // E-mails are written to the outbox by the requests that send them and delivered from here, so a slow or
  // failing mail server never holds up a request; what a restart interrupts is picked up again.
  const transport = transportFromEnv(process.env);
  const sender = startOutboxSender(db, transport, {
    now: () => new Date(),
    intervalMs: process.env.DECK_TEST_MODE === '1' ? 250 : 2000,
    onError: (err) => console.error('outbox:', err),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    try {
      await app.close();
      await sender.stop();
      await db.destroy();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  const shownPort = port;
  console.log(mode.production ? `Server running in production mode on port ${shownPort}` : `Demo running at http://localhost:${shownPort}`);
  console.log(transport.name === 'smtp' ? 'E-mail: sent through SMTP_URL' : `E-mail: demo mailbox at http://localhost:${shownPort}/dev/mail`);
}

main().catch((err) => {
  const message = err instanceof StartupError ? `Cannot start: ${err.message}` : err instanceof DataFolderLockedError ? err.message : err;
  console.error(message);
  process.exit(1);
});
