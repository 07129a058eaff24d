import { resourceSlice, type Resource } from '@deck/shared/api/resource-slice';
import { sessionResource } from '@deck/shared/api/session-resource';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import type { AppStore } from '@deck/shared/store/store';
import { demoListing } from '../api/demo-listing';
import type { Route } from '../routing/routes';
import type { FirstViewData, ServerRead } from '@deck/shared/first-view/first-view-contract';

export type { ServerRead };

/** How the server asks its own API as the visitor would (their cookies, the API's statuses). */

export interface FirstViewPage {
  route: Route;
  /** The player alone (`?embed=1`): no header, title, Share or like bar. */
  embedded: boolean;
}

/** Reads `reads` as the browser would; the resources that answered 200, or null when the first (the page's subject) did not. */
export async function readAll(reads: Array<Resource<unknown>>, read: ServerRead): Promise<FirstViewData['resources'] | null> {
  const answers = await Promise.all(reads.map((resource) => read(resource.request)));
  if (answers[0].status !== 200) return null;
  const resources: FirstViewData['resources'] = {};
  // A read the server does not offer (the demo listing in production) is left to the page, as without a first view.
  reads.forEach((resource, index) => {
    if (answers[index].status === 200) resources[resource.key] = answers[index].data;
  });
  return resources;
}

/**
 * The answers a page's first view is written from, read as the browser would read them
 * (docs/architecture.md, "The view page's first view"); null when the page has no first view. A document the visitor
 * may not read (closed to them, deleted, unknown) has none: its page is the empty shell, as before, and
 * nothing of the document is in it.
 */
export async function readFirstView({ route, embedded }: FirstViewPage, read: ServerRead): Promise<FirstViewData['resources'] | null> {
  if (route.page !== 'view') return null;
  return readAll([viewedDocument({ oid: route.oid }), ...(embedded ? [] : [sessionResource, demoListing])], read);
}

/** Puts the first view's answers into the page's store, as if the page had just read them. */
export function applyFirstView(store: AppStore, resources: FirstViewData['resources']): void {
  for (const [key, data] of Object.entries(resources)) store.dispatch(resourceSlice.actions.loadSucceeded({ key, data }));
}
