import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { RequestError } from '@deck/shared/api/fetch-json';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Spec §8: the named statuses keep their text; any other non-ok status is a Generic Error. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Generic Error';
}

export interface ApiError {
  status: number | null;
  statusText: string;
  /** The server's message, when it sent one. */
  message: string | null;
  /** The server's refusal code (a PermissionValue or limit code), when it sent one. */
  code: string | null;
  /** The stable code of `message` (docs/api.md, Message codes): translate it with apiErrorText. */
  messageCode: string | null;
  /** The values of the message's placeholders. */
  messageValues: Record<string, string> | null;
}

function bodyField(data: unknown, field: string): string | null {
  if (data && typeof data === 'object' && field in data) {
    const value = (data as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  }
  return null;
}

function bodyValues(data: unknown): Record<string, string> | null {
  if (!data || typeof data !== 'object' || !('message_values' in data)) return null;
  const values = (data).message_values;
  if (!values || typeof values !== 'object') return null;
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function toApiError(error: RequestError | FetchBaseQueryError | SerializedError | undefined): ApiError | null {
  if (!error) return null;
  if ('status' in error) {
    if (typeof error.status === 'number') {
      return {
        status: error.status,
        statusText: statusText(error.status),
        message: bodyField(error.data, 'message'),
        code: bodyField(error.data, 'code'),
        messageCode: bodyField(error.data, 'message_code'),
        messageValues: bodyValues(error.data),
      };
    }
    return { status: null, statusText: 'Generic Error', message: error.error ?? null, code: null, messageCode: null, messageValues: null };
  }
  return { status: null, statusText: 'Generic Error', message: error.message ?? null, code: null, messageCode: null, messageValues: null };
}
