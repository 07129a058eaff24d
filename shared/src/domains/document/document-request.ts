import type { JsonRequest } from '@deck/shared/api/json-request';

export interface DocumentQuery {
  oid: string;
  /** A view link id, for viewers who reach the document through a trackable link. */
  viewLinkId?: string;
}

/** Spec §7: the document with the user's permissions; through a view link, with its key. Both data paths read it so. */
export function documentRequest({ oid, viewLinkId }: DocumentQuery): JsonRequest {
  return {
    url: `/api/v4/presentation/${encodeURIComponent(oid)}/`,
    params: {
      include_user_permissions: true,
      ...(viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : {}),
    },
  };
}
