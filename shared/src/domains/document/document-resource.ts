import type { PresentationDocument } from '@deck/shared/api/contract';
import type { Resource } from '@deck/shared/api/resource-slice';
import { useResource } from '@deck/shared/api/use-resource';
import { documentRequest, type DocumentQuery } from '@deck/shared/domains/document/document-request';

/**
 * The document as the public view page, the like button and the viewer overlay read it: through
 * the small data path, so that page carries no RTK Query. One value per page for each
 * document and view link; the like button and the view count write into it.
 */
export function viewedDocument(query: DocumentQuery): Resource<PresentationDocument> {
  return { key: `document/${query.oid}/${query.viewLinkId ?? ''}`, request: documentRequest(query) };
}

export function useViewedDocument(query: DocumentQuery) {
  return useResource(viewedDocument(query));
}
