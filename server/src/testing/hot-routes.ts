import { SHARE_LIST_PAGE_SIZE } from '@deck/shared/domains/collaborators/share-list-paging';

/** One request of a hot route, as the benchmark and the plan tests send it. */
export interface HotRequest {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

export interface HotRoute {
  name: string;
  /** Sent in this order, again and again (a PUT then its DELETE). */
  requests: HotRequest[];
}

/**
 * The routes the issue measures, on a document the signed-in user owns. `collaboratorEmail` is an accepted
 * collaborator whose level PUT share permission moves between viewer and editor.
 */
export function hotRoutes(oid: string, collaboratorEmail: string): HotRoute[] {
  const sharePath = `/api/v1/share/${oid}/permissions/`;
  return [
    { name: 'GET unified-privacy', requests: [{ method: 'GET', path: `/api/v4/presentation/${oid}/unified-privacy/` }] },
    { name: 'GET share permissions', requests: [{ method: 'GET', path: `${sharePath}?include_organization_permission=true&include_pending_invites=true` }] },
    {
      name: 'GET share permissions, first page',
      requests: [{ method: 'GET', path: `${sharePath}?include_organization_permission=true&include_pending_invites=true&limit=${SHARE_LIST_PAGE_SIZE}` }],
    },
    { name: 'GET document', requests: [{ method: 'GET', path: `/api/v4/presentation/${oid}/?include_user_permissions=true` }] },
    {
      name: 'PUT then DELETE like',
      requests: [
        { method: 'PUT', path: `/api/v4/presentation/${oid}/like/` },
        { method: 'DELETE', path: `/api/v4/presentation/${oid}/like/` },
      ],
    },
    {
      name: 'PUT share permission',
      requests: [
        { method: 'PUT', path: sharePath, body: { email: collaboratorEmail, permission: 'editor' } },
        { method: 'PUT', path: sharePath, body: { email: collaboratorEmail, permission: 'viewer' } },
      ],
    },
  ];
}
