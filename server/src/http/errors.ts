import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '@deck/shared/api/contract';
import { ServiceRefusal, type RefusalKind } from '../services/refusal';
import type { CodedText } from '../permissions/messages';

/** An error the API answers with its status and an ApiErrorBody. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
    /** The message's code, when the refusal was thrown with it (permissions/messages.ts, coded). */
    readonly messageCode?: Omit<CodedText, 'text'>,
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

/** A refusal's text: coded (its code travels with it), or plain (the error handler finds the code of the text). */
export type Message = CodedText;

const textOf = (message: Message) => (typeof message === 'string' ? message : message.text);
const codeOf = (message: Message) => (typeof message === 'string' ? undefined : { message_code: message.message_code, message_values: message.message_values });

export const badRequest = (message: Message, code?: string) => new HttpError(400, textOf(message), code, {}, {}, codeOf(message));
export const unauthorized = (message: Message) => new HttpError(401, textOf(message), 'NOT_AUTHENTICATED', {}, {}, codeOf(message));
export const forbidden = (message: Message, code?: string, extra?: Record<string, unknown>) => new HttpError(403, textOf(message), code, {}, extra, codeOf(message));
export const notFound = (message: Message) => new HttpError(404, textOf(message), 'NOT_FOUND', {}, {}, codeOf(message));
export const gone = (message: Message) => new HttpError(410, textOf(message), 'GONE', {}, {}, codeOf(message));

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
    codeOf(err.coded),
  );
}
