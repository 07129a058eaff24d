import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '@deck/shared/api/contract';
import { ServiceRefusal, type RefusalKind } from '../services/refusal';

/** An error the API answers with its status and an ApiErrorBody. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): ApiErrorBody & Record<string, unknown> {
    return errorBody(this.statusCode, this.message, this.code, this.extra);
  }
}

export function errorBody(statusCode: number, message: string, code?: string, extra: Record<string, unknown> = {}): ApiErrorBody & Record<string, unknown> {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...extra,
  };
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message: string) => new HttpError(401, message, 'NOT_AUTHENTICATED');
export const forbidden = (message: string, code?: string, extra?: Record<string, unknown>) => new HttpError(403, message, code, {}, extra);
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const gone = (message: string) => new HttpError(410, message, 'GONE');

const STATUS_OF_REFUSAL: Record<RefusalKind, number> = { too_many: 429, conflict: 409, unauthenticated: 401 };

/** A service's refusal as the API answers it; null for any other error. */
export function httpErrorOf(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (!(err instanceof ServiceRefusal)) return null;
  const retry = err.retryAfter === undefined ? null : err.retryAfter;
  return new HttpError(
    STATUS_OF_REFUSAL[err.kind],
    err.message,
    err.code,
    retry === null ? {} : { 'Retry-After': String(retry) },
    retry === null ? {} : { retry_after: retry },
  );
}
