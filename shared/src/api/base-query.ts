import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, MISSING_CSRF_MESSAGE, readCsrfToken } from '@deck/shared/api/csrf';
import { REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl } from '@deck/shared/api/api-url';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A request that has not answered after the time-out fails with status 'TIMEOUT_ERROR', so a hanging
// load ends in its item's error state (with its retry) instead of spinning forever.
const rawBaseQuery = fetchBaseQuery({ credentials: 'same-origin', timeout: REQUEST_TIMEOUT_MS });


/** Spec §7: folder, referral and like calls carry the CSRF header whatever their method. */
const CSRF_ON_EVERY_METHOD = [/^\/api\/v1\/folders\//, /^\/api\/v1\/referrals\//, /^\/api\/v4\/presentation\/(?:[^/]+\/)?like\//];

function withCsrfHeader(request: FetchArgs, token: string): FetchArgs {
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set(CSRF_HEADER, token);
  return { ...request, headers };
}

/**
 * Every mutating call carries the CSRF token read from its cookie (spec §7).
 * Without the cookie the call is not sent at all, and fails with the spec's message.
 */
export const csrfBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, queryApi, extra) => {
  const given: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const request: FetchArgs = { ...given, url: apiUrl(given.url) };
  const method = (request.method ?? 'GET').toUpperCase();
  const token = readCsrfToken();
  if (SAFE_METHODS.has(method)) {
    const path = given.url.split('?')[0];
    const alwaysCsrf = token && CSRF_ON_EVERY_METHOD.some((pattern) => pattern.test(path));
    return rawBaseQuery(alwaysCsrf ? withCsrfHeader(request, token) : request, queryApi, extra);
  }
  if (!token) return { error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } };
  return rawBaseQuery(withCsrfHeader(request, token), queryApi, extra);
};
