import type { BaseQueryApi, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { csrfBaseQuery } from '@deck/shared/api/base-query';
import { toApiError, type ApiError } from '@deck/shared/api/errors';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

/**
 * One API call, defined once: how its request is made and how its answer is read. The same definition
 * serves the RTK Query endpoint (`callQueryFn`) and the plain async function for hosts without Redux
 * (`plainCall` / `plainCalls`); both send it through `csrfBaseQuery`, so the CSRF header, the time-out and
 * the error shape are the same either way.
 */
export interface ApiCall<Args, Result> {
  request: (args: Args) => FetchArgs;
  /** Reads a successful answer (default: its JSON body). `meta.response` has the status and headers. */
  read?: (data: unknown, meta: FetchBaseQueryMeta | undefined) => Result;
}

export function defineCall<Args, Result>(call: ApiCall<Args, Result>): ApiCall<Args, Result> {
  return call;
}

/** A path under the configured API base (`apiBase` of /config.json, '/api/v4' by default), with a trailing slash. */
export function apiPath(...segments: Array<string | number>): string {
  const base = getRuntimeConfig().apiBase.replace(/\/+$/, '');
  return `${base}/${segments.map((segment) => `${encodeURIComponent(String(segment))}/`).join('')}`;
}

type BaseQuery = (args: FetchArgs) => PromiseLike<{ data?: unknown; error?: unknown; meta?: unknown }> | { data?: unknown; error?: unknown; meta?: unknown };

export type CallOutcome<Result> = { data: Result; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

async function run<Args, Result>(call: ApiCall<Args, Result>, args: Args, baseQuery: BaseQuery): Promise<CallOutcome<Result>> {
  const result = await baseQuery(call.request(args));
  if (result.error) return { error: result.error as FetchBaseQueryError };
  const meta = result.meta as FetchBaseQueryMeta | undefined;
  return { data: call.read ? call.read(result.data, meta) : (result.data as Result) };
}

/** The endpoint options of an RTK Query endpoint made from a call: `build.query<R, A>(callQueryFn(call))`. */
export function callQueryFn<Args, Result>(call: ApiCall<Args, Result>) {
  return {
    queryFn: (args: Args, _api: BaseQueryApi, _extra: unknown, baseQuery: BaseQuery) => run(call, args, baseQuery),
  };
}

/** The failure of a plain call: the status, the server's message and code (spec §8's status texts), also as its own fields. */
export class ApiCallError extends Error {
  readonly apiError: ApiError;
  readonly status: number | null;
  readonly statusText: string;
  readonly code: string | null;
  readonly messageCode: string | null;
  constructor(readonly error: FetchBaseQueryError) {
    const apiError = toApiError(error) ?? { status: null, statusText: 'Generic Error', message: null, code: null, messageCode: null, messageValues: null };
    super(apiError.message ?? apiError.statusText);
    this.name = 'ApiCallError';
    this.apiError = apiError;
    this.status = apiError.status;
    this.statusText = apiError.statusText;
    this.code = apiError.code;
    this.messageCode = apiError.messageCode;
  }
}

export interface PlainCallOptions {
  signal?: AbortSignal;
}

/** The call as a plain async function: resolves with the result, rejects with an ApiCallError. */
export function plainCall<Args, Result>(call: ApiCall<Args, Result>, name = 'call'): (args: Args, options?: PlainCallOptions) => Promise<Result> {
  return async (args, options = {}) => {
    const controller = new AbortController();
    options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
    const request = call.request(args);
    const queryApi: BaseQueryApi = {
      signal: controller.signal,
      abort: (reason?: string) => controller.abort(reason),
      dispatch: (action: unknown) => action,
      getState: () => ({}),
      extra: undefined,
      endpoint: name,
      type: (request.method ?? 'GET').toUpperCase() === 'GET' ? 'query' : 'mutation',
    };
    const outcome = await run(call, args, (fetchArgs) => csrfBaseQuery(fetchArgs, queryApi, {}));
    if (outcome.error) throw new ApiCallError(outcome.error);
    return outcome.data;
  };
}

/** The argument and result types of a call (endpoints are typed from their one definition). */
export type ArgsOf<C> = C extends ApiCall<infer A, unknown> ? A : never;
export type ResultOf<C> = C extends ApiCall<never, infer R> ? R : never;

export type PlainCalls<T extends Record<string, ApiCall<never, unknown>>> = {
  [K in keyof T]: (args: ArgsOf<T[K]>, options?: PlainCallOptions) => Promise<ResultOf<T[K]>>;
};

/** Every call of a table as a plain async function of the same name. */
export function plainCalls<T extends Record<string, ApiCall<never, unknown>>>(table: T): PlainCalls<T> {
  const out = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(table)) out[name] = plainCall(call as ApiCall<unknown, unknown>, name);
  return out as PlainCalls<T>;
}
