import { toApiError } from '@deck/shared/api/errors';

/**
 * Which page a failed load of a document calls for: sign-in (401), the 'Request access' page (403 for a
 * signed-in user who may not see it), or null for any other failure.
 */
export function accessProblem(error: Parameters<typeof toApiError>[0]): 'sign-in' | 'request' | null {
  const apiError = toApiError(error);
  if (apiError?.status === 401) return 'sign-in';
  if (apiError?.status === 403 && apiError.code === 'NOT_ALLOWED') return 'request';
  return null;
}
