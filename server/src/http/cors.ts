import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { StartupError, StartupProblems } from '../production';
import { forbidden } from './errors';
import { MESSAGES, coded } from '../permissions/messages';
import { CSRF_HEADER, pathOf } from './session';
import { SHARING_VERSION_HEADER } from '@deck/shared/domains/sharing-activity/activity-contract';

/**
 * Hosts on another origin: the API answers the origins of CORS_ALLOWED_ORIGINS with CORS and
 * credentials, and gives them the CSRF token in a response header, since a page on another origin cannot read
 * our `csrftoken` cookie. /config.json is public (`*`, no credentials). A mutation whose Origin is neither
 * this server's nor on the list is refused, whatever cookie rides along (docs/security.md, *Cross-origin hosts*).
 */

/**
 * Request headers a cross-origin caller may send: JSON bodies, the CSRF token, basic auth on pre-production hosts,
 * the sharing version a dialog saw and a live stream's reconnect (docs/api.md, *Live sharing changes*).
 */
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'X-CSRFToken', 'Authorization', SHARING_VERSION_HEADER, 'Last-Event-ID'];
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Response headers the client reads: the CSRF token, the invitations left, a created document's Location, Retry-After of a 429. */
export const CORS_EXPOSED_HEADERS = ['X-CSRFToken', 'X-Invitations-Remaining', 'Location', 'Retry-After'];
/** Browsers cache a preflight this long (Chromium caps it at 2 hours). */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 600;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An origin as the browser sends it: scheme, host and port only, no path, no trailing slash. */
function parseOrigin(value: string, name: string): string {
  let url: URL;
  if (value.includes('*')) throw new StartupError(`${name}: "${value}" has a wildcard; list each origin.`);
  try {
    url = new URL(value);
  } catch {
    throw new StartupError(`${name}: "${value}" is not an origin (expected e.g. https://host.example).`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value) {
    throw new StartupError(`${name}: "${value}" is not an exact origin (scheme://host[:port], no path, no trailing slash, no wildcard).`);
  }
  return url.origin;
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * PUBLIC_ORIGIN: every absolute link the server builds starts with it. Production requires it, on https (its
 * cookies are Secure; http only on a local name), so no link is ever built from a request's `Host`
 * (docs/security.md, *Links and the Host header*); the demo falls back to the request's origin.
 */
function publicOriginFromEnv(env: NodeJS.ProcessEnv, production: boolean): string | null {
  const raw = env.PUBLIC_ORIGIN?.trim();
  if (!raw) {
    if (production) throw new StartupError('PUBLIC_ORIGIN is required when DECK_PRODUCTION=1: the origin browsers reach the server at (e.g. https://deck.example), which every link in e-mails and API answers starts with.');
    return null;
  }
  const origin = parseOrigin(raw, 'PUBLIC_ORIGIN');
  if (production && new URL(origin).protocol !== 'https:' && !LOCAL_HOSTNAMES.has(new URL(origin).hostname)) {
    throw new StartupError(`PUBLIC_ORIGIN: "${raw}" must use https when DECK_PRODUCTION=1 (http only on localhost/127.0.0.1).`);
  }
  return origin;
}

/** CORS_ALLOWED_ORIGINS (comma-separated exact origins) and PUBLIC_ORIGIN (required in production); every problem at once. */
export function crossOriginFromEnv(env: NodeJS.ProcessEnv, production = false): Pick<ServerConfig, 'corsAllowedOrigins' | 'publicOrigin'> {
  const problems = new StartupProblems();
  const list = (env.CORS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.includes('*')) problems.add('CORS_ALLOWED_ORIGINS cannot be "*": the API answers with credentials, so list each host origin.');
  const origins = list.filter((v) => v !== '*').map((v) => problems.take(() => parseOrigin(v, 'CORS_ALLOWED_ORIGINS'), null));
  const corsAllowedOrigins = [...new Set(origins.filter((o): o is string => o !== null))];
  const publicOrigin = problems.take(() => publicOriginFromEnv(env, production), null);
  problems.throwIfAny();
  return { corsAllowedOrigins, publicOrigin };
}

/**
 * The routes hosts call: everything under /api/ (v1 and v4, as shared/src/api/api-url.ts maps them), and in the
 * demo /dev/ (its sign-in, so a host page can sign in from its own page).
 */
export function isCorsPath(path: string, config: Pick<ServerConfig, 'devSignIn'>): boolean {
  return path.startsWith('/api/') || (config.devSignIn && path.startsWith('/dev/'));
}

const CONFIG_PATH = '/config.json';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Adds `value` to the Vary header without dropping what is there (compression adds Accept-Encoding). */
function addVary(reply: FastifyReply, ...values: string[]): void {
  const existing = reply.getHeader('vary');
  // Most answers have none yet (every API answer passes here).
  if (existing === undefined) {
    reply.header('Vary', values.join(', '));
    return;
  }
  const current = String(existing)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (current.includes('*')) return;
  const lower = new Set(current.map((s) => s.toLowerCase()));
  for (const v of values) if (!lower.has(v.toLowerCase())) current.push(v);
  reply.header('Vary', current.join(', '));
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Same origin when the Origin header names the host the request was sent to, or PUBLIC_ORIGIN. Scheme and
 * port are compared only as far as the Host header tells them: behind a proxy that ends TLS without
 * TRUST_PROXY the server sees http and a Host without a port while the page is on https.
 */
function isOwnOrigin(origin: string, request: FastifyRequest, config: Pick<ServerConfig, 'publicOrigin'>): boolean {
  if (config.publicOrigin && origin === config.publicOrigin) return true;
  try {
    const page = new URL(origin);
    const host = new URL(`http://${request.host}`);
    if (page.hostname !== host.hostname) return false;
    const hostPort = /:\d+$/.test(request.host) ? request.host.slice(request.host.lastIndexOf(':') + 1) : '';
    return hostPort === '' || (page.port || DEFAULT_PORTS[page.protocol]) === hostPort;
  } catch {
    return false;
  }
}

export function registerCors(app: FastifyInstance, config: ServerConfig): void {
  const allowed = new Set(config.corsAllowedOrigins);
  const isAllowed = (origin: string | undefined): origin is string => origin !== undefined && allowed.has(origin);

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const path = pathOf(request.url);
    const origin = headerValue(request, 'origin');
    const preflight = request.method === 'OPTIONS' && headerValue(request, 'access-control-request-method') !== undefined;

    if (preflight && path === CONFIG_PATH) {
      reply.code(204).header('Access-Control-Allow-Origin', '*').header('Access-Control-Allow-Methods', 'GET, HEAD').header('Access-Control-Max-Age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS));
      // Answered here: the rest of the request's hooks do not run.
      reply.send();
      return;
    }
    if (preflight && isCorsPath(path, config)) {
      addVary(reply, 'Origin', 'Access-Control-Request-Method', 'Access-Control-Request-Headers');
      // Not on the list: no CORS headers, so the browser never sends the request itself.
      if (!isAllowed(origin)) {
        reply.code(403).send();
        return;
      }
      reply
        .code(204)
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Credentials', 'true')
        .header('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '))
        .header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '))
        .header('Access-Control-Max-Age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS));
      reply.send();
      return;
    }

    // The Origin check: SameSite=None cookies ride along on any site's request, so a mutation is taken only from
    // this server's own pages or a listed host (the CSRF token is checked as well, by the session hook).
    if (!SAFE_METHODS.has(request.method) && !request.is404 && origin !== undefined && !isAllowed(origin) && !isOwnOrigin(origin, request, config)) {
      throw forbidden(coded(MESSAGES, 'csrf'), 'ORIGIN_NOT_ALLOWED');
    }
    done();
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    done(null, corsHeaders(request, reply, payload));
  });

  /** The CORS headers of an answer; returns the payload as it is. */
  function corsHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const path = pathOf(request.url);
    if (path === CONFIG_PATH) {
      // Public settings, no secrets and no credentials: any page may read them (docs/decisions.md).
      reply.header('Access-Control-Allow-Origin', '*');
      return payload;
    }
    if (!isCorsPath(path, config)) return payload;
    addVary(reply, 'Origin');
    const origin = headerValue(request, 'origin');
    if (!isAllowed(origin)) return payload;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    // The host page cannot read our cookie: it reads the session's CSRF token here (after a sign-in, the new one).
    const csrf = request.session?.csrf;
    if (csrf) {
      reply.header(CSRF_HEADER, csrf);
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-cache');
    }
    return payload;
  }
}
