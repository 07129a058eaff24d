import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '@deck/shared/api/contract';

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
