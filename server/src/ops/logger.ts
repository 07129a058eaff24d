import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { StartupError } from '../production';

/**
 * One JSON object per line on stdout for everything the process says: start-up, each request, errors with their
 * stack, the outbox, shutdown, a crash (docs/deploying.md, *Logs*). Tokens never reach a line: the URL of a
 * request is written with its secret parts replaced, headers are not written, and known secret fields are redacted.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: one of pino's levels; `info` when unset. */
export function logLevelFromEnv(raw: string | undefined): LogLevel {
  const v = raw?.trim().toLowerCase();
  if (!v) return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(v)) return v as LogLevel;
  throw new StartupError(`LOG_LEVEL="${raw}" is not a level: set one of ${LOG_LEVELS.join(', ')} (default info).`);
}

export const REDACTED = '[redacted]';

/** Route parameters that are capabilities: whoever has one may accept, view or track (invitation, view and embed tokens, link ids). */
const SECRET_PARAMS = new Set(['token', 'viewToken', 'linkId']);
/** Query parameters that carry a token or a link id. */
const SECRET_QUERY = new Set(['token', 'referral_token', 'auth_key', 'key', 'code', 'state', 'id_token', 'access_token']);
/** Path segments after which the next one is a token, for URLs that matched no route (a mistyped link still carries its token). */
const SECRET_AFTER = new Set(['invitation', 'invitations', 'l', 'analytics', 'prezilink', 'sentprezi', 'd', 'token']);
/** An opaque value long enough to be a token: redacted in an unmatched URL wherever it stands. */
const OPAQUE = /^[A-Za-z0-9_-]{20,}$/;

function redactQuery(query: string): string {
  if (!query) return '';
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = decodeSafe(eq === -1 ? pair : pair.slice(0, eq));
    return eq !== -1 && SECRET_QUERY.has(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `?${parts.join('&')}`;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The URL as it may be logged. A matched route is rebuilt from its pattern with every secret parameter replaced;
 * another URL keeps its path with the segment after a token-bearing one (`/invitation/<token>`) and any opaque
 * token-like segment replaced. Secret query parameters lose their value.
 */
export function loggableUrl(url: string, route?: { pattern?: string; params?: Record<string, unknown> }): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = redactQuery(q === -1 ? '' : url.slice(q + 1));
  if (route?.pattern && route.params && Object.keys(route.params).some((name) => SECRET_PARAMS.has(name))) {
    const rebuilt = route.pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
      SECRET_PARAMS.has(name) ? REDACTED : encodeURIComponent((route.params?.[name] as string | undefined) ?? ''),
    );
    return rebuilt + query;
  }
  if (route?.pattern) return path + query;
  const segments = path.split('/');
  const safe = segments.map((segment, i) => {
    const before = decodeSafe(segments[i - 1] ?? '');
    return (i > 0 && SECRET_AFTER.has(before) && segment) || OPAQUE.test(decodeSafe(segment)) ? REDACTED : segment;
  });
  return safe.join('/') + query;
}

/** The URL of a Fastify request as it may be logged. */
export function requestUrlForLog(request: FastifyRequest): string {
  const matched = request.is404 ? undefined : request.routeOptions?.url;
  return loggableUrl(request.url, matched ? { pattern: matched, params: request.params as Record<string, unknown> } : undefined);
}

/** X-Request-Id from the balancer when it is a sane id; otherwise a new UUID. Answered back in the same header. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The field of a request's lines that holds its id. */
const REQUEST_ID_LOG_LABEL = 'request_id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@=+/-]{1,128}$/;

export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Known places of secrets in logged objects (headers are never logged by the serializers; these are for anything that logs one). */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.secret',
  'token',
  'password',
];

const serializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: requestUrlForLog(request),
      ...(request.routeOptions?.url && !request.is404 ? { route: request.routeOptions.url } : {}),
      remoteAddress: request.ip,
    };
  },
  res(reply: FastifyReply) {
    return { statusCode: reply.statusCode };
  },
  err: pino.stdSerializers.err,
};

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go (tests capture them); stdout when absent. */
  destination?: DestinationStream;
}

/** The process's logger: JSON lines with an ISO time and the level's name. */
export function createLogger(opts: LoggerOptions): Logger {
  return pino(
    {
      level: opts.level,
      base: { service: 'deck-sharing', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'msg',
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers,
    },
    opts.destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/**
 * Fastify's request lines, written once per request: `request completed` at info (warn for a 5xx, whose error
 * the error handler has written with its stack), with the method, the loggable URL, the route, the status and
 * the time taken; the arrival only at debug.
 */
export class AccessLogController extends LogController {
  /**
   * `logger`: the process's. The line of a request that succeeded is written by a child of it without the
   * redaction every other line goes through: its fields are the serializers' alone (a loggable URL, never a header
   * or a body), and redacting them cost about a twentieth of the server's time for a page sent from memory.
   */
  private readonly completedLines: Logger;

  constructor(logger: Logger) {
    super({ requestIdLogLabel: REQUEST_ID_LOG_LABEL });
    this.completedLines = logger.child({}, { redact: [] });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.warn(line, 'request completed');
    // The request's own logger's level says whether its route writes info lines at all (a health check's is silent,
    // a level pino's table does not list); when it does not, the line goes to it, and it drops it.
    else if (pino.levels.values[reply.log.level] <= pino.levels.values.info) this.completedLines.info({ [REQUEST_ID_LOG_LABEL]: request.id, ...line }, 'request completed');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'route not found');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, 'request failed');
    else reply.log.info({ res: reply, err: { type: error?.name, message: error?.message } }, 'request refused');
  }
}

/** A logger that writes nothing (a server built without one: tests, tools). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
