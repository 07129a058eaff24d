import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { ensureCsrfToken, MISSING_CSRF_MESSAGE, rememberCsrfToken, withCsrfHeader } from '@deck/shared/api/csrf';
import { REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl, isCrossOrigin, requestCredentials } from '@deck/shared/api/api-url';
import { prepareServerText } from '@deck/shared/api/server-messages';
import { applyRequestHeaders } from '@deck/shared/api/request-headers';

// A request that has not answered after the time-out fails with status 'TIMEOUT_ERROR', so a hanging
// load ends in its item's error state (with its retry) instead of spinning forever.
const rawBaseQuery = fetchBaseQuery({
  timeout: REQUEST_TIMEOUT_MS,
  // Every answer of an API on another origin brings the session's CSRF token (csrf.ts).
  fetchFn: async (input, init) => {
    const response = await fetch(input, init);
    rememberCsrfToken(typeof input === 'string' ? input : (input).url, response);
    return response;
  },
});

const MUTATING = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * Every mutating call carries the CSRF token read from its cookie (spec §7), or for an API on another origin
 * from its answers, with the cookies (`credentials: 'include'`). Without a token the call is not sent at all,
 * and fails with the spec's message.
 */
export const csrfBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extra) => {
  const given: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const request: FetchArgs = { ...given, url: apiUrl(given.url) };
  const method = request.method ?? 'GET';
  if (MUTATING(method) && isCrossOrigin(request.url)) await ensureCsrfToken(request.url);
  const headers = withCsrfHeader(method, request.headers as HeadersInit | undefined, given.url);
  if (!headers) return { error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } };
  // Headers a feature adds to its own calls (the sharing version of a live dialog: request-headers.ts).
  applyRequestHeaders(headers, { url: given.url, method }, queryApi.getState());
  const result = await rawBaseQuery({ ...request, headers, credentials: requestCredentials(request.url) }, queryApi, extra);
  // A refusal's text is translated before the failure reaches a component (server-messages.ts).
  if (result.error && typeof result.error.status === 'number') await prepareServerText(result.error.data);
  return result;
};
