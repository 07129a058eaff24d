import { createApi } from '@reduxjs/toolkit/query/react';
import { csrfBaseQuery } from '@deck/shared/api/base-query';

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
  ],
  endpoints: () => ({}),
});
