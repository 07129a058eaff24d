import { toApiError } from '@deck/shared/api/errors';

/**
 * Which page a failed load of a document calls for: sign-in (401), the 'Request access' page (403 for a
 * signed-in user who may not see it), 'does not exist' (404: no such document, or deleted), or null for any
 * other failure.
 */
export function accessProblem(error: Parameters<typeof toApiError>[0]): 'sign-in' | 'request' | 'not-found' | null {
  const apiError = toApiError(error);
  if (apiError?.status === 404) return 'not-found';
  if (apiError?.status === 401) return 'sign-in';
  if (apiError?.status === 403 && apiError.code === 'NOT_ALLOWED') return 'request';
  return null;
}
