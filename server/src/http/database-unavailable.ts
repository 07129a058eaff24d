/**
 * Errors that say the database is away or too slow, not that the request was wrong: a lost or refused
 * connection, a restart or failover in progress, no free connection in time, a statement cancelled by its
 * time-out. The request is answered 503 with Retry-After (the process goes on; docs/deploying.md), so a
 * client or balancer may try again; a write that was answered 503 may or may not have been applied, which
 * is why balancers retry only idempotent requests.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs: connection exceptions (class 08), shutdown and start-up (57P01–57P03), too many connections, statement time-out. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
/** Socket errors reaching the database (ENOENT: its Unix socket is gone while it restarts). */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own messages for a lost connection or a time-out. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout|Cannot use a pool after calling end)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}
