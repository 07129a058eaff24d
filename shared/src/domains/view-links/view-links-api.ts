// Through the package name, not a relative path: only '@deck/shared/…' requests are federation
// singletons, and this module must extend the page's one API, not a copy bundled with a remote.
import { api } from '@deck/shared/api/api';
import type { ViewLink, ViewLinkCreateBody, ViewLinkPasscode, ViewLinkUpdateBody } from '@deck/shared/api/contract';
import { callQueryFn } from '@deck/shared/api/api-call';
import type { ViewLinkBulkUpdateBody } from '@deck/shared/api/presentation-contract';
import { VIEW_LINK_CALLS } from '@deck/shared/domains/view-links/view-link-calls';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';


export interface UpdateViewLinkArgs {
  documentOid: string;
  linkId: string;
  update: Omit<ViewLinkUpdateBody, 'revoked'>;
}

export interface DeactivateViewLinkArgs {
  documentOid: string;
  linkId: string;
  /** Spec §4: 'Deactivate link and delete data' also removes the recorded views and hides the link from analytics. */
  deleteData: boolean;
}

/** Spec §3: revoked links are dropped from the list. */
export function liveLinks(links: ViewLink[]): ViewLink[] {
  return links.filter((link) => !link.revoked);
}

const linksTag = (documentOid: string) => ({ type: 'ViewLinks' as const, id: documentOid });

/**
 * The trackable view links of a document (spec §7 view link API). Every change also reloads the
 * document's unified privacy, which carries the link count and the limit-dependent permissions.
 */
export const viewLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getViewLinks: build.query<ViewLink[], string>({
      query: (documentOid) => ({
        url: viewLinkApiPath(),
        params: { presentation_oid: documentOid, list_all_prezilinks: true, include_sharer: true },
      }),
      transformResponse: (links: ViewLink[]) => liveLinks(links),
      providesTags: (_result, _error, documentOid) => [linksTag(documentOid)],
    }),
    createViewLink: build.mutation<ViewLink, ViewLinkCreateBody>({
      query: (body) => ({ url: viewLinkApiPath(), method: 'POST', body }),
      invalidatesTags: (_result, error, { presentation_oid }) => (error ? [] : [linksTag(presentation_oid)]),
    }),
    updateViewLink: build.mutation<ViewLink, UpdateViewLinkArgs>({
      query: ({ linkId, update }) => ({ url: viewLinkApiPath(linkId), method: 'PUT', body: update }),
      async onQueryStarted({ documentOid, linkId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The list shows the server's answer at once; the refetch below confirms it.
          dispatch(
            viewLinksApi.util.updateQueryData('getViewLinks', documentOid, (draft) => {
              const index = draft.findIndex((link) => link.link_id === linkId);
              if (index >= 0) draft[index] = data;
            }),
          );
        } catch {
          // A refused change leaves the list as it was; the caller shows the refusal.
        }
      },
      invalidatesTags: (_result, error, { documentOid }) => (error ? [] : [linksTag(documentOid)]),
    }),
    deactivateViewLink: build.mutation<ViewLink, DeactivateViewLinkArgs>({
      query: ({ linkId, deleteData }) => ({
        url: viewLinkApiPath(linkId),
        method: 'DELETE',
        params: deleteData ? { delete_data: true } : undefined,
      }),
      async onQueryStarted({ documentOid, linkId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            viewLinksApi.util.updateQueryData('getViewLinks', documentOid, (draft) => draft.filter((link) => link.link_id !== linkId)),
          );
        } catch {
          // Still active: the list keeps it.
        }
      },
      invalidatesTags: (_result, error, { documentOid }) => (error ? [] : [linksTag(documentOid)]),
    }),
    /** GET /{linkId}/: one link, also when revoked (its creator or the document's owner). */
    getViewLink: build.query<ViewLink, string>({
      ...callQueryFn(VIEW_LINK_CALLS.getViewLink),
      providesTags: (result) => (result ? [linksTag(result.presentation_oid)] : []),
    }),
    /**
     * GET /{linkId}/passcode/: the passcode, for those who may change the link, to send on to the recipients. Asked
     * only when the owner chooses to see it, and not kept once the screen that showed it is gone.
     */
    getViewLinkPasscode: build.query<ViewLinkPasscode, string>({
      query: (linkId) => ({ url: viewLinkApiPath(linkId, 'passcode') }),
      keepUnusedDataFor: 0,
    }),
    /** PUT / : several links changed in one all-or-nothing request. */
    updateViewLinks: build.mutation<ViewLink[], ViewLinkBulkUpdateBody>({
      ...callQueryFn(VIEW_LINK_CALLS.updateViewLinks),
      invalidatesTags: (result) => [...new Set((result ?? []).map((link) => link.presentation_oid))].map(linksTag),
    }),
  }),
});

export const {
  useGetViewLinksQuery,
  useCreateViewLinkMutation,
  useUpdateViewLinkMutation,
  useDeactivateViewLinkMutation,
  useGetViewLinkQuery,
  useLazyGetViewLinkPasscodeQuery,
  useUpdateViewLinksMutation,
} = viewLinksApi;
