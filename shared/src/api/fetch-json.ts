import { ensureCsrfToken, MISSING_CSRF_MESSAGE, rememberCsrfToken, withCsrfHeader } from '@deck/shared/api/csrf';
import { fetchWithTimeout, RequestTimeoutError } from '@deck/shared/api/request-timeout';
import { apiUrl, isCrossOrigin, requestCredentials } from '@deck/shared/api/api-url';
import { prepareServerText } from '@deck/shared/api/server-messages';
import type { JsonRequest } from '@deck/shared/api/json-request';

/**
 * How a request failed: the shape of RTK Query's `FetchBaseQueryError`, so the same helpers
 * (`toApiError`, the like button's failure message) read the failures of both data paths.
 */
export type RequestError =
  | { status: number; data: unknown }
  | { status: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR'; error: string };

export type RequestResult<T> = { data: T; error?: undefined } | { data?: undefined; error: RequestError };

/** The request's URL at the configured API base, with its parameters. */
function urlOf({ url, params }: JsonRequest): string {
  const target = new URL(apiUrl(url));
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) target.searchParams.set(name, String(value));
  return target.toString();
}

/**
 * The small data path of the public view page: one JSON request with the session
 * cookie, the CSRF header on mutating calls (none is sent without a token; an API on another origin is
 * called with `credentials: 'include'` and its token from its answers, csrf.ts), and the time-out
 * every client request has. It never throws: the result holds the data or the failure. What RTK
 * Query does for the rest of the app, without its 15 KB on the page strangers see first.
 */
export async function fetchJson<T>(request: JsonRequest): Promise<RequestResult<T>> {
  const method = request.method ?? 'GET';
  const url = urlOf(request);
  const crossOrigin = isCrossOrigin(url);
  if (method !== 'GET' && crossOrigin) await ensureCsrfToken(url);
  const headers = withCsrfHeader(method, request.headers, request.url);
  if (!headers) return { error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } };
  let response: Response;
  try {
    // A change outlives the page: a like clicked just before leaving or reloading still reaches the server. Only on
    // the page's own origin: a cross-origin change needs a CORS preflight, which some browsers have not supported for
    // keepalive requests, and a like must not fail for the sake of this.
    const keepalive = method !== 'GET' && !crossOrigin;
    response = await fetchWithTimeout(url, { method, headers, credentials: requestCredentials(url), keepalive });
    rememberCsrfToken(url, response);
  } catch (error) {
    const status = error instanceof RequestTimeoutError ? 'TIMEOUT_ERROR' : 'FETCH_ERROR';
    return { error: { status, error: String(error) } };
  }
  const text = await response.text().catch(() => '');
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    // A failed call still fails with its status, whatever its body (a proxy's HTML page, say).
    if (!response.ok) return { error: { status: response.status, data: text } };
    return { error: { status: 'PARSING_ERROR', error: String(error) } };
  }
  if (response.ok) return { data: data as T };
  await prepareServerText(data);
  return { error: { status: response.status, data } };
}
