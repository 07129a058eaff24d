import { join, resolve } from 'node:path';
import type { ServerConfig } from '../config';
import { cardPaymentsFromEnv, publicUrlsFromEnv, remoteOverridesFromEnv } from '../config';
import { crossOriginFromEnv } from '../http/cors';
import { mailSettingsFromEnv, type MailSettings } from '../mail/transport';
import { modeFromEnv, productionFromEnv, StartupError, StartupProblems, urlSetting } from '../production';
import { poolSettingsFromEnv, type PoolSettings } from '../db/pool';
import { hostSignInFromEnv } from '../http/host-sign-in';
import { logLevelFromEnv, type LogLevel } from './logger';
import { ACTIVITY_RETENTION_DAYS_DEFAULT } from '@deck/shared/domains/sharing-activity/activity-contract';

/**
 * Everything the server process reads from its environment, checked in one pass: a start with bad settings prints
 * every problem at once, each naming its variable and what to set (docs/api.md lists every variable).
 */
export interface ProcessSettings {
  port: number;
  host: string;
  production: boolean;
  database: {
    /** DATABASE_URL; none: the embedded database in `dataDir`. */
    url?: string;
    /** DATABASE_READ_URL: a streaming replica of DATABASE_URL for reads that may be slightly old (db/read-replica.ts). */
    readUrl?: string;
    /**
     * DATABASE_DIRECT_URL: PostgreSQL itself when DATABASE_URL is a transaction pooler, for what needs a session (the
     * migrations and the LISTEN connections); none: everything goes to DATABASE_URL.
     */
    directUrl?: string;
    dataDir: string;
    preparedStatements: boolean;
    pool: PoolSettings;
  };
  staticDir: string;
  /** The app's settings (buildApp), the session secret aside (main.ts reads or makes it). */
  config: Partial<ServerConfig>;
  logLevel: LogLevel;
  metrics: { port: number | null; host: string };
  shutdown: { graceSeconds: number; drainSeconds: number };
  mail: MailSettings;
  /** How often the outbox sender looks for due e-mails. */
  outboxIntervalMs: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new StartupError(`${name}="${raw}" is not a whole number from ${min} to ${max} (default ${fallback}).`);
  }
  return Number(raw);
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new StartupError(`${name}="${raw}" is not understood: set ${name}=1 or ${name}=0.`);
}

function databaseUrl(env: NodeJS.ProcessEnv, name: 'DATABASE_URL' | 'DATABASE_READ_URL' | 'DATABASE_DIRECT_URL' = 'DATABASE_URL'): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  urlSetting(name, raw, { protocols: ['postgres:', 'postgresql:'], example: 'postgres://user:password@db.internal:5432/deck' });
  return raw;
}

/** A replica replays a primary: DATABASE_READ_URL needs DATABASE_URL (the embedded database has none). */
function readUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = databaseUrl(env, 'DATABASE_READ_URL');
  if (raw && !env.DATABASE_URL?.trim()) throw new StartupError('DATABASE_READ_URL needs DATABASE_URL: a replica replays the primary that DATABASE_URL names.');
  return raw;
}

/** The direct connection bypasses the pooler in front of DATABASE_URL: it needs DATABASE_URL (the embedded database has none). */
function directUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = databaseUrl(env, 'DATABASE_DIRECT_URL');
  if (raw && !env.DATABASE_URL?.trim()) throw new StartupError('DATABASE_DIRECT_URL needs DATABASE_URL: it reaches directly the PostgreSQL that DATABASE_URL reaches through a pooler.');
  return raw;
}

/** Seconds the balancer needs to see a failing /readyz and stop sending requests (production), before the listener closes. */
export const DEFAULT_DRAIN_SECONDS = { production: 5, demo: 0 } as const;
/** Seconds from SIGTERM to exit at the latest; below the supervisor's own stop time-out (systemd's 90 s, Kubernetes' 30 s). */
export const DEFAULT_GRACE_SECONDS = 25;

export function settingsFromEnv(env: NodeJS.ProcessEnv, repoRoot: string): ProcessSettings {
  const problems = new StartupProblems();
  // Every check runs whatever the others found; a value that is not understood is checked as production.
  const production = problems.take(() => productionFromEnv(env.DECK_PRODUCTION), true);
  const mode = problems.take(() => modeFromEnv(env), { production });
  const crossOrigin = problems.take(() => crossOriginFromEnv(env, production), { corsAllowedOrigins: [], publicOrigin: null });
  const pool = poolSettingsFromEnv(env, (err) => problems.add(err.message));
  const mail = problems.take(() => mailSettingsFromEnv(env, production), { kind: 'off' });
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && production && metricsToken.length < 32) problems.add(`METRICS_TOKEN must be at least 32 characters long when DECK_PRODUCTION=1 (it has ${metricsToken.length}).`);
  const testMode = problems.take(() => flag(env, 'DECK_TEST_MODE'), undefined) === true;
  const graceSeconds = problems.take(() => wholeNumber(env, 'SHUTDOWN_GRACE_SECONDS', DEFAULT_GRACE_SECONDS, 1, 3600), DEFAULT_GRACE_SECONDS);
  const defaultDrain = production ? DEFAULT_DRAIN_SECONDS.production : DEFAULT_DRAIN_SECONDS.demo;
  const drainSeconds = problems.take(() => wholeNumber(env, 'SHUTDOWN_DRAIN_SECONDS', defaultDrain, 0, 3600), defaultDrain);
  if (drainSeconds >= graceSeconds) problems.add(`SHUTDOWN_DRAIN_SECONDS (${drainSeconds}) must be less than SHUTDOWN_GRACE_SECONDS (${graceSeconds}): in-flight requests need time to finish after the drain.`);
  const recordLocalAnalytics = problems.take(() => flag(env, 'RECORD_LOCAL_ANALYTICS'), undefined);
  const preProduction = problems.take(() => flag(env, 'PRE_PRODUCTION'), undefined) === true;
  const webhooksLocalHttp = problems.take(() => flag(env, 'WEBHOOKS_ALLOW_LOCAL_HTTP'), undefined) === true;
  if (webhooksLocalHttp && production) problems.add('WEBHOOKS_ALLOW_LOCAL_HTTP is for the demo and tests only: a production server never sends webhooks to its own machine.');

  const settings: ProcessSettings = {
    port: problems.take(() => wholeNumber(env, 'PORT', 8080, 0, 65535), 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    production,
    database: {
      url: problems.take(() => databaseUrl(env), undefined),
      readUrl: problems.take(() => readUrl(env), undefined),
      directUrl: problems.take(() => directUrl(env), undefined),
      dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : join(repoRoot, '.data', 'postgres'),
      // DATABASE_PREPARED_STATEMENTS=0 behind a pooler that cannot keep prepared statements (docs/deploying.md).
      preparedStatements: problems.take(() => flag(env, 'DATABASE_PREPARED_STATEMENTS'), undefined) !== false,
      pool,
    },
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : join(repoRoot, 'dist'),
    config: {
      remotes: remoteOverridesFromEnv(env),
      ...crossOrigin,
      publicUrls: publicUrlsFromEnv(env, production),
      cardPayments: cardPaymentsFromEnv(env, production),
      shortName: env.SHORT_NAME || 'deck',
      // On unless switched off: a proxy that passes 1xx on hands them to browsers; docs/deploying.md.
      earlyHints: env.EARLY_HINTS !== '0',
      // The browser tests' server also writes through its /dev routes' helpers and the tests' own connections.
      readCache: { enabled: env.READ_CACHE !== 'off', awaitNoticesEachRequest: testMode },
      preProduction,
      // The demo records what its own pages send from localhost; a production server only when asked.
      recordLocalAnalytics: recordLocalAnalytics ?? !production,
      testMode,
      webhooks: { allowLocalHttp: webhooksLocalHttp },
      requestTimeoutSeconds: problems.take(() => wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600), 30),
      activityRetentionDays: problems.take(
        () => wholeNumber(env, 'SHARING_ACTIVITY_RETENTION_DAYS', ACTIVITY_RETENTION_DAYS_DEFAULT, 1, 36_500),
        ACTIVITY_RETENTION_DAYS_DEFAULT,
      ),
      metricsToken,
      hostSignIn: problems.take(() => hostSignInFromEnv(env, production), null),
      ...mode,
    },
    logLevel: problems.take(() => logLevelFromEnv(env.LOG_LEVEL), 'info'),
    metrics: {
      port: problems.take(() => (env.METRICS_PORT?.trim() ? wholeNumber(env, 'METRICS_PORT', 0, 1, 65535) : null), null),
      host: env.METRICS_HOST?.trim() || env.HOST?.trim() || '0.0.0.0',
    },
    shutdown: { graceSeconds, drainSeconds },
    mail,
    outboxIntervalMs: testMode ? 250 : 2000,
  };
  problems.throwIfAny();
  return settings;
}
