import { useEffect, useMemo, useState } from 'react';
import type { SharePermissionsResponse } from '@deck/shared/api/contract';
import { useSearchSharePermissionsInfiniteQuery } from '../api/share-permissions-api';
import type { CollaboratorPaging } from '../components/collaborator-list';
import { mergePages } from '../utils/merge-pages';

/** The pause in typing after which the server is asked. */
export const COLLABORATOR_SEARCH_DELAY_MS = 250;

/**
 * The Manage Collaborators search over a list that is only partly loaded: the server searches every page
 * (docs/api.md, `search`) once typing pauses. `needed` is false while the whole list is in hand, which the
 * page filters itself. Until the server's answer for the current text is in, `list` is undefined.
 */
export function useCollaboratorSearch(
  documentOid: string,
  filter: string,
  needed: boolean,
): { list: SharePermissionsResponse | undefined; paging: CollaboratorPaging | undefined } {
  const text = filter.trim();
  const [term, setTerm] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), COLLABORATOR_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const ask = needed && text !== '' && term === text;
  const query = useSearchSharePermissionsInfiniteQuery({ oid: documentOid, search: term }, { skip: !ask });
  const list = useMemo(() => mergePages(query.currentData?.pages), [query.currentData]);
  if (!ask || !list) return { list: undefined, paging: undefined };
  return {
    list,
    paging: { hasMore: query.hasNextPage, loadingMore: query.isFetchingNextPage, loadMore: query.fetchNextPage, total: list.total_count ?? list.individual.length },
  };
}
