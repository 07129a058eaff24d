import type { PresentationDocument } from '@deck/shared/api/contract';
import type { JsonRequest } from '@deck/shared/api/fetch-json';
import type { Resource } from '@deck/shared/api/resource-slice';
import { useResource } from '@deck/shared/api/use-resource';

export interface DocumentQuery {
  oid: string;
  /** A view link id, for viewers who reach the document through a trackable link. */
  viewLinkId?: string;
}

/** Spec §7: the document with the user's permissions; through a view link, with its key. */
export function documentRequest({ oid, viewLinkId }: DocumentQuery): JsonRequest {
  return {
    url: `/api/v4/presentation/${encodeURIComponent(oid)}/`,
    params: {
      include_user_permissions: true,
      ...(viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : {}),
    },
  };
}

/**
 * The document as the public view page, the like button and the viewer overlay read it: through
 * the small data path, so that page carries no RTK Query (issue 10). One value per page for each
 * document and view link; the like button and the view count write into it.
 */
export function viewedDocument(query: DocumentQuery): Resource<PresentationDocument> {
  return { key: `document/${query.oid}/${query.viewLinkId ?? ''}`, request: documentRequest(query) };
}

export function useViewedDocument(query: DocumentQuery) {
  return useResource(viewedDocument(query));
}
