import type { DemoListing } from '@deck/shared/api/contract';
import type { Resource } from '@deck/shared/api/resource-slice';
import { useResource } from '@deck/shared/api/use-resource';

/** The demo's users, documents and folders: the header's user switch on every page, and the demo index. */
export const demoListing: Resource<DemoListing> = { key: 'demo-listing', request: { url: '/api/v1/demo/' } };

export function useDemoListing() {
  return useResource(demoListing);
}
