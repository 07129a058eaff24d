import type { ViewLink } from '@deck/shared/api/contract';
import type { ViewLinkBulkUpdateBody } from '@deck/shared/api/presentation-contract';
import { defineCall, plainCalls } from '@deck/shared/api/api-call';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';


/** View-link API calls of spec §7 added in one link by id, and PUT on the collection. */
export const VIEW_LINK_CALLS = {
  getViewLink: defineCall<string, ViewLink>({
    request: (linkId) => ({ url: viewLinkApiPath(linkId) }),
  }),
  updateViewLinks: defineCall<ViewLinkBulkUpdateBody, ViewLink[]>({
    request: (body) => ({ url: viewLinkApiPath(), method: 'PUT', body }),
  }),
};

/** The same calls as plain async functions for hosts without Redux. */
export const viewLinkClient = plainCalls(VIEW_LINK_CALLS);
