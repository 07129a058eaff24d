import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { RequestError } from '@deck/shared/api/fetch-json';
import { statusText } from '@deck/shared/api/errors';

/**
 * Spec §8: a like failure rejects with the status text. A call refused before it left the
 * page (no CSRF cookie) keeps its own message: 'Cannot make request without CSRF token.'
 */
export function likeFailureMessage(error: RequestError | FetchBaseQueryError | SerializedError): string {
  if ('status' in error) {
    if (typeof error.status === 'number') return statusText(error.status);
    if (error.status === 'CUSTOM_ERROR') return error.error;
  }
  return statusText(0);
}

/** What `toggleLike` rejects with; its message is the status text. */
export class LikeFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LikeFailure';
  }
}
