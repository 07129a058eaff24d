import type { WithSlice } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { csrfBaseQuery } from '@deck/shared/api/base-query';
import { dynamicMiddleware, rootReducer } from '@deck/shared/store/root-reducer';

/**
 * The one RTK Query API of the page. Each domain injects its endpoints
 * (`api.injectEndpoints`) from its own feature folder.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: csrfBaseQuery,
  tagTypes: [
    'Session',
    'Document',
    'UnifiedPrivacy',
    'Collaborators',
    'Contacts',
    'FeatureSwitches',
    'ViewLinks',
    'UnlistedLink',
    'Folder',
    'Referral',
    'Like',
    'DocumentPermissions',
    'DocumentRelations',
    'CuratedContent',
    'AccessRequests',
    'SharingActivity',
    'TeamSettings',
  ],
  endpoints: () => ({}),
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// The API joins the page's store when a module first needs it (RTK Query stays off pages
// that never use it). Both are idempotent for the same API, as a second copy of this module would be.
rootReducer.inject(api);
const API_MIDDLEWARE_KEY = Symbol.for('deck.shared.apiMiddleware');
type Holder = typeof globalThis & { [API_MIDDLEWARE_KEY]?: true };
if (!(globalThis as Holder)[API_MIDDLEWARE_KEY]) {
  (globalThis as Holder)[API_MIDDLEWARE_KEY] = true;
  dynamicMiddleware.addMiddleware(api.middleware);
}
