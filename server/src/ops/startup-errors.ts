import type { Logger } from 'pino';
import { StartupError } from '../production';
import { DataFolderLockedError } from '../db/data-folder-lock';

/** The variable a configuration problem names (its first word), for the log line's `variable` field. */
function variableOf(problem: string): string | undefined {
  return /^([A-Z][A-Z0-9_]{2,})\b/.exec(problem)?.[1];
}

/** Where DATABASE_URL points, without its password. */
export function databaseTarget(url: string | undefined): string {
  if (!url) return 'the embedded database';
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A failure to open the database at start-up, said as what to check (never a bare stack trace). */
export function databaseStartupError(err: unknown, url: string | undefined): StartupError | null {
  if (err instanceof DataFolderLockedError) return new StartupError(err.message);
  if (!url) return null;
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  const target = databaseTarget(url);
  const say = (text: string) => new StartupError(`DATABASE_URL: ${text}`);
  if (code === '28P01' || code === '28000') return say(`the database at ${target} refused the user or password: check DATABASE_URL.`);
  if (code === '3D000') return say(`the database named in DATABASE_URL does not exist at ${target}: create it, or fix the name.`);
  if (code === 'ECONNREFUSED') return say(`nothing accepts connections at ${target}: is PostgreSQL running there and reachable from this host?`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return say(`the host name in DATABASE_URL (${target}) cannot be resolved.`);
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || /timeout/i.test(message ?? '')) {
    return say(`no answer from ${target} in time (DATABASE_CONNECT_TIMEOUT_MS): is the address right and the network open?`);
  }
  if (code === '53300') return say(`the database at ${target} has no connection left (max_connections): lower DATABASE_POOL_SIZE or raise max_connections.`);
  return null;
}

/**
 * Writes why the process cannot start, one JSON line per problem (each naming its variable), and exits 1.
 * Errors that are not about the configuration are written with their stack.
 */
export function reportStartupFailure(logger: Logger, err: unknown, exit: (code: number) => void = (code) => process.exit(code)): void {
  if (err instanceof StartupError) {
    for (const problem of err.problems) logger.fatal({ variable: variableOf(problem) }, `Cannot start: ${problem}`);
  } else {
    logger.fatal({ err }, `Cannot start: ${(err as Error)?.message ?? String(err)}`);
  }
  exit(1);
}

/** A crash (an exception nobody caught) is written as one JSON line with its stack before the process exits 1. */
export function exitOnCrash(logger: Logger): void {
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception: exiting');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection: exiting');
    process.exit(1);
  });
}
