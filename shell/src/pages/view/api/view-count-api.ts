import type { ViewCountResponse } from '@deck/shared/api/contract';
import { fetchJson } from '@deck/shared/api/fetch-json';
import { writeResource } from '@deck/shared/api/resource-slice';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import type { AppDispatch } from '@deck/shared/store/store';

export interface RecordViewArgs {
  oid: string;
  viewLinkId?: string;
}

/**
 * Spec §7: PUT view-count, once per playback of the document. A viewer who came by a view link
 * sends its key, so the view is allowed (and can be attributed) through the link. The new count
 * goes into the document the page shows; a failure is the caller's to log (it must not stop the playback).
 */
export async function recordView(dispatch: AppDispatch, { oid, viewLinkId }: RecordViewArgs) {
  const result = await fetchJson<ViewCountResponse>({
    url: `/api/v4/presentation/${encodeURIComponent(oid)}/view-count/`,
    method: 'PUT',
    params: viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : undefined,
  });
  if (result.data) dispatch(writeResource(viewedDocument({ oid, viewLinkId }), (document) => ({ ...document, view_count: result.data.view_count })));
  return result;
}
