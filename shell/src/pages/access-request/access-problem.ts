import { toApiError } from '@deck/shared/api/errors';

/** The server's code for a collaborator whose access has ended (server/src/permissions/messages.ts, accessEnded). */
export const ACCESS_ENDED_CODE = 'access_ended';

/**
 * Which page a failed load of a document calls for: sign-in (401), the 'Request access' page (403 for a
 * signed-in user who may not see it; 'ended' when their access ended, which the page says), 'does not exist' (404:
 * no such document, or deleted), or null for any other failure.
 */
export function accessProblem(error: Parameters<typeof toApiError>[0]): 'sign-in' | 'request' | 'ended' | 'not-found' | null {
  const apiError = toApiError(error);
  if (apiError?.status === 404) return 'not-found';
  if (apiError?.status === 401) return 'sign-in';
  if (apiError?.status === 403 && apiError.code === 'NOT_ALLOWED') return apiError.messageCode === ACCESS_ENDED_CODE ? 'ended' : 'request';
  return null;
}
