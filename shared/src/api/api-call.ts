import type { FetchArgs } from '@reduxjs/toolkit/query';
import { CSRF_HEADER, MISSING_CSRF_MESSAGE, readCsrfToken } from '@deck/shared/api/csrf';
import { apiUrl } from '@deck/shared/api/api-url';
import { statusText, type ApiError } from '@deck/shared/api/errors';
import { fetchWithTimeout } from '@deck/shared/api/request-timeout';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

type QueryValue = string | number | boolean | undefined;

/** One call of the API: what RTK Query's base query and the plain `callApi` both send. */
export interface ApiRequest extends FetchArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, QueryValue>;
  body?: unknown;
}

/**
 * A typed call, defined once: `request` builds the request from the argument. RTK Query endpoints use it
 * as their `query`; hosts without Redux call it through `callApi`. `Result` is carried for the types only.
 */
export interface ApiCall<Arg, Result> {
  request: (arg: Arg) => ApiRequest;
  /** Phantom: never set, only gives the call its result type. */
  readonly result?: Result;
}

export function defineCall<Arg, Result>(request: (arg: Arg) => ApiRequest): ApiCall<Arg, Result> {
  return { request };
}

/** A path under the configured presentation API base (`apiBase` of /config.json), never a fixed prefix. */
export function presentationApiPath(path: string): string {
  return `${getRuntimeConfig().apiBase.replace(/\/+$/, '')}${path}`;
}

/** The failure of a plain call, in the same shape RTK Query's errors turn into (`toApiError`). */
export class ApiCallError extends Error implements ApiError {
  readonly status: number | null;
  readonly statusText: string;
  readonly code: string | null;
  constructor(error: ApiError) {
    super(error.message ?? error.statusText);
    this.name = 'ApiCallError';
    this.status = error.status;
    this.statusText = error.statusText;
    this.code = error.code;
  }
}

function withParams(url: string, params: ApiRequest['params']): string {
  const target = new URL(apiUrl(url));
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return target.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? response.json() : response.text();
}

/**
 * Sends a call without Redux: the same URL mapping, CSRF header, time-out and error shape as the
 * store's base query. Resolves with the typed result; rejects with an ApiCallError.
 */
export async function callApi<Arg, Result>(call: ApiCall<Arg, Result>, arg: Arg): Promise<Result> {
  const request = call.request(arg);
  const method = request.method ?? 'GET';
  const headers = new Headers();
  if (method !== 'GET') {
    const token = readCsrfToken();
    if (!token) throw new ApiCallError({ status: null, statusText: 'Generic Error', message: MISSING_CSRF_MESSAGE, code: null });
    headers.set(CSRF_HEADER, token);
  }
  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetchWithTimeout(withParams(request.url, request.params), { method, headers, body, credentials: 'same-origin' });
  } catch (err) {
    throw new ApiCallError({ status: null, statusText: 'Generic Error', message: (err as Error).message, code: null });
  }
  const data = await readBody(response);
  if (!response.ok) {
    const field = (name: string) => (data && typeof data === 'object' && typeof (data as Record<string, unknown>)[name] === 'string' ? ((data as Record<string, string>)[name]) : null);
    throw new ApiCallError({ status: response.status, statusText: statusText(response.status), message: field('message'), code: field('code') });
  }
  return data as Result;
}
