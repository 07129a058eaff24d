import { api } from '@deck/shared/api/api';
import type { ViewLinkOpening, ViewLinkVisitBody, ViewLinkVisitResponse } from '@deck/shared/domains/view-links/recipient-contract';
import { viewLinkApiPath } from '@deck/shared/domains/view-links/view-links-api';

export interface RecordVisitArgs extends ViewLinkVisitBody {
  linkId: string;
}

/** What a recipient's page asks about a view link: open it, and record this open. */
export const recipientApi = api.injectEndpoints({
  endpoints: (build) => ({
    openViewLink: build.query<ViewLinkOpening, string>({
      query: (linkId) => viewLinkApiPath(linkId, 'open'),
      // A link can be deactivated at any moment: every visit of the page asks again.
      keepUnusedDataFor: 0,
    }),
    recordLinkVisit: build.mutation<ViewLinkVisitResponse, RecordVisitArgs>({
      query: ({ linkId, ...body }) => ({ url: viewLinkApiPath(linkId, 'visits'), method: 'POST', body }),
    }),
  }),
});

export const { useOpenViewLinkQuery, useRecordLinkVisitMutation } = recipientApi;
