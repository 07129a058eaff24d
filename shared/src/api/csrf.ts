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

export function readCsrfToken(): string | null {
  return readCookie(CSRF_COOKIE);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Spec §7: folder, referral and like calls carry the CSRF header whatever their method (spec paths). */
const CSRF_ON_EVERY_METHOD = [/^\/api\/v1\/folders\//, /^\/api\/v1\/referrals\//, /^\/api\/v4\/presentation\/(?:[^/]+\/)?like\//];

/**
 * Spec §7: every mutating call carries the CSRF token read from its cookie, and so do reads of the
 * folder, referral and like paths when there is one. The headers to send, or null when a mutating
 * call has no token (it must then not be sent at all). `path` is the spec path the call names.
 */
export function withCsrfHeader(method: string, headers?: HeadersInit, path = ''): Headers | null {
  const result = new Headers(headers);
  const token = readCsrfToken();
  if (SAFE_METHODS.has(method.toUpperCase())) {
    const spec = path.split('?')[0];
    if (token && CSRF_ON_EVERY_METHOD.some((pattern) => pattern.test(spec))) result.set(CSRF_HEADER, token);
    return result;
  }
  if (!token) return null;
  result.set(CSRF_HEADER, token);
  return result;
}
