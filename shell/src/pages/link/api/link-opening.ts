import { useCallback, useEffect } from 'react';
import { loadResource, resourceSelectors, type Resource } from '@deck/shared/api/resource-slice';
import type { ResourceView } from '@deck/shared/api/use-resource';
import type { RequestError } from '@deck/shared/api/fetch-json';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';

/**
 * The opening of a trackable link, read through the small data path like the view page's document, so the
 * server's first view can carry it (its refusal too: unknown, closed, expired, locked) and the page reads none
 * of it again (docs/architecture.md, "A trackable link's page").
 */
export function linkOpening(linkId: string): Resource<ViewLinkOpening> {
  return { key: `link-opening/${linkId}`, request: { url: viewLinkApiPath(linkId, 'open') } };
}

/** The key under which the server's first view holds the opening's refusal (unknown, closed, expired, locked). */
export const linkOpeningRefusal = (linkId: string) => `link-opening-refused/${linkId}`;

/**
 * The link's opening as the page shows it. Unlike `useResource`, a refusal the server's first view already holds
 * (a lock, a closed link) is not read again as the page takes over, which would blank the form a visitor may be
 * typing into; `refetch` reads it again (after an unlock).
 */
export function useLinkOpening(linkId: string): ResourceView<ViewLinkOpening> {
  const dispatch = useAppDispatch();
  const resource = linkOpening(linkId);
  const state = useAppSelector((root) => resourceSelectors.selectResource(root, resource.key));
  const written = useAppSelector((root) => resourceSelectors.selectResource(root, linkOpeningRefusal(linkId)).data) as RequestError | undefined;
  const { key } = resource;
  // Until the page reads the opening itself, the first view's refusal stands for it.
  const unread = state.status === 'idle';
  const refused = unread ? written : undefined;
  useEffect(() => {
    if (unread && !refused) void dispatch(loadResource(resource));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per link: the key stands for the resource
  }, [dispatch, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the resource
  const refetch = useCallback(() => void dispatch(loadResource(resource, { force: true })), [dispatch, key]);
  return {
    data: state.data as ViewLinkOpening | undefined,
    error: state.error ?? refused,
    isLoading: (unread && !refused) || (state.status === 'loading' && state.data === undefined),
    isError: state.status === 'failed' || refused !== undefined,
    refetch,
  };
}
