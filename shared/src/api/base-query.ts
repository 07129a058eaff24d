import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { MISSING_CSRF_MESSAGE, withCsrfHeader } from '@deck/shared/api/csrf';
import { REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl } from '@deck/shared/api/api-url';
import { prepareServerText } from '@deck/shared/api/server-messages';

// A request that has not answered after the time-out fails with status 'TIMEOUT_ERROR', so a hanging
// load ends in its item's error state (with its retry) instead of spinning forever.
const rawBaseQuery = fetchBaseQuery({ credentials: 'same-origin', timeout: REQUEST_TIMEOUT_MS });

/**
 * Every mutating call carries the CSRF token read from its cookie (spec §7).
 * Without the cookie the call is not sent at all, and fails with the spec's message.
 */
export const csrfBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extra) => {
  const given: FetchArgs = typeof args === 'string' ? { url: args } : args;
  const request: FetchArgs = { ...given, url: apiUrl(given.url) };
  const headers = withCsrfHeader(request.method ?? 'GET', request.headers as HeadersInit | undefined, given.url);
  if (!headers) return { error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } };
  const result = await rawBaseQuery({ ...request, headers }, queryApi, extra);
  // A refusal's text is translated before the failure reaches a component (server-messages.ts).
  if (result.error && typeof result.error.status === 'number') await prepareServerText(result.error.data);
  return result;
};
