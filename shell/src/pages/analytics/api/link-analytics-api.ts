import { api } from '@deck/shared/api/api';
import type { ViewLinkAnalytics } from '@deck/shared/domains/view-links/recipient-contract';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';

export interface LinkAnalyticsQuery {
  linkId: string;
  /** The IANA time zone whose calendar days the views are counted in. */
  timeZone: string;
}

export const linkAnalyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLinkAnalytics: build.query<ViewLinkAnalytics, LinkAnalyticsQuery>({
      query: ({ linkId, timeZone }) => ({ url: viewLinkApiPath(linkId, 'analytics'), params: { tz: timeZone } }),
      // Views keep coming in: every visit of the page shows the current numbers.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetLinkAnalyticsQuery } = linkAnalyticsApi;
