import { apiUrl, isCrossOrigin } from '@deck/shared/api/api-url';
import { fetchWithTimeout } from '@deck/shared/api/request-timeout';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const MISSING_CSRF_MESSAGE = 'Cannot make request without CSRF token.';

export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function originOf(url: string): string {
  return new URL(url, globalThis.location?.origin ?? 'http://localhost').origin;
}

/**
 * Tokens of an API on another origin, by its origin. The page cannot read that origin's
 * `csrftoken` cookie, so the server sends the session's token to listed hosts in the X-CSRFToken response
 * header; every answer refreshes it (a sign-in starts a new session with a new token).
 */
const crossOriginTokens = new Map<string, string>();

/** Keeps the token an answer from another origin carries. `url` is the URL the request went to. */
export function rememberCsrfToken(url: string, response: { headers?: Pick<Headers, 'get'> }): void {
  if (!isCrossOrigin(url)) return;
  const token = response.headers?.get?.(CSRF_HEADER);
  if (token) crossOriginTokens.set(originOf(url), token);
}

/** The CSRF token for a request to `url`: the cookie's on the page's own origin, else the one its answers carried. */
export function readCsrfToken(url?: string): string | null {
  if (url && isCrossOrigin(url)) return crossOriginTokens.get(originOf(url)) ?? null;
  return readCookie(CSRF_COOKIE);
}

const tokenRequests = new Map<string, Promise<void>>();

/**
 * A mutation to an API on another origin before any answer from it has brought a token: one read of the
 * session (`GET /api/v1/session/` on that origin) fetches it first; concurrent callers share it.
 */
export async function ensureCsrfToken(url: string): Promise<void> {
  if (!isCrossOrigin(url) || readCsrfToken(url)) return;
  const origin = originOf(url);
  const sessionUrl = apiUrl('/api/v1/session/');
  if (originOf(sessionUrl) !== origin) return;
  let pending = tokenRequests.get(origin);
  if (!pending) {
    pending = fetchWithTimeout(sessionUrl, { credentials: 'include' })
      .then((response) => rememberCsrfToken(sessionUrl, response))
      .catch(() => undefined)
      .finally(() => tokenRequests.delete(origin));
    tokenRequests.set(origin, pending);
  }
  await pending;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Spec §7: folder, referral and like calls carry the CSRF header whatever their method (spec paths). */
const CSRF_ON_EVERY_METHOD = [/^\/api\/v1\/folders\//, /^\/api\/v1\/referrals\//, /^\/api\/v4\/presentation\/(?:[^/]+\/)?like\//];

/**
 * Spec §7: every mutating call carries the CSRF token read from its cookie (from the API's answers when the API is on another origin), and so do reads of the
 * folder, referral and like paths when there is one. The headers to send, or null when a mutating
 * call has no token (it must then not be sent at all). `path` is the spec path the call names.
 */
export function withCsrfHeader(method: string, headers?: HeadersInit, path = ''): Headers | null {
  const result = new Headers(headers);
  const token = readCsrfToken(path ? apiUrl(path) : undefined);
  if (SAFE_METHODS.has(method.toUpperCase())) {
    const spec = path.split('?')[0];
    if (token && CSRF_ON_EVERY_METHOD.some((pattern) => pattern.test(spec))) result.set(CSRF_HEADER, token);
    return result;
  }
  if (!token) return null;
  result.set(CSRF_HEADER, token);
  return result;
}
