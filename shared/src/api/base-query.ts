import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, MISSING_CSRF_MESSAGE, readCsrfToken } from '@deck/shared/api/csrf';
import { REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl } from '@deck/shared/api/api-url';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A request that has not answered after the time-out fails with status 'TIMEOUT_ERROR', so a hanging
// load ends in its item's error state (with its retry) instead of spinning forever.
const rawBaseQuery = fetchBaseQuery({ credentials: 'same-origin', timeout: REQUEST_TIMEOUT_MS });


/**
 * Every mutating call carries the CSRF token read from its cookie (spec §7).
 * Without the cookie the call is not sent at all, and fails with the spec's message.
 */
export const csrfBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, queryApi, extra) => {
  const given: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const request: FetchArgs = { ...given, url: apiUrl(given.url) };
  const method = (request.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return rawBaseQuery(request, queryApi, extra);
  const token = readCsrfToken();
  if (!token) return { error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } };
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set(CSRF_HEADER, token);
  return rawBaseQuery({ ...request, headers }, queryApi, extra);
};
