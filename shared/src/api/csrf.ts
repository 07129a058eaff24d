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

/**
 * Spec §7: every mutating call carries the CSRF token read from its cookie. The headers to send,
 * or null when a mutating call has no token (it must then not be sent at all).
 */
export function withCsrfHeader(method: string, headers?: HeadersInit): Headers | null {
  const result = new Headers(headers);
  if (SAFE_METHODS.has(method.toUpperCase())) return result;
  const token = readCsrfToken();
  if (!token) return null;
  result.set(CSRF_HEADER, token);
  return result;
}
