import { api } from '@deck/shared/api/api';
import type { ViewLinkVisitBody, ViewLinkVisitResponse } from '@deck/shared/domains/view-links/recipient-contract';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';

export interface RecordVisitArgs extends ViewLinkVisitBody {
  linkId: string;
}

/** What a recipient's page sends about a view link: this open, and the answers to its locks (the opening: link-opening.ts). */
export const recipientApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordLinkVisit: build.mutation<ViewLinkVisitResponse, RecordVisitArgs>({
      query: ({ linkId, ...body }) => ({ url: viewLinkApiPath(linkId, 'visits'), method: 'POST', body }),
    }),
    // A protected link (view-link controls): the server answers with an HttpOnly cookie for this link, nothing else.
    unlockViewLink: build.mutation<void, { linkId: string; passcode: string }>({
      query: ({ linkId, passcode }) => ({ url: viewLinkApiPath(linkId, 'unlock'), method: 'POST', body: { passcode } }),
    }),
    requestLinkCode: build.mutation<{ sent: boolean }, { linkId: string; email: string }>({
      query: ({ linkId, email }) => ({ url: viewLinkApiPath(linkId, 'verification'), method: 'POST', body: { email } }),
    }),
    confirmLinkCode: build.mutation<void, { linkId: string; email: string; code: string }>({
      query: ({ linkId, email, code }) => ({ url: viewLinkApiPath(linkId, 'verification', 'confirm'), method: 'POST', body: { email, code } }),
    }),
  }),
});

export const { useRecordLinkVisitMutation, useUnlockViewLinkMutation, useRequestLinkCodeMutation, useConfirmLinkCodeMutation } =
  recipientApi;
