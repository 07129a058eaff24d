import type { SessionResponse } from '@deck/shared/api/contract';
import type { Resource } from '@deck/shared/api/resource-slice';
import { useResource } from '@deck/shared/api/use-resource';

/** Who is signed in, read through the small data path (the header and the like button on every page). */
export const sessionResource: Resource<SessionResponse> = { key: 'session', request: { url: '/api/v1/session/' } };

export function useSession() {
  return useResource(sessionResource);
}
