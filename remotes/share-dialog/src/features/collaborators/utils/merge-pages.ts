import type { SharePermissionsResponse } from '@deck/shared/api/contract';

/**
 * The list as far as its pages are loaded, as one answer: every page's rows in order, the team and the count
 * of everyone from the first page (docs/api.md, "Paging the share list"), where the last page says the list
 * goes on. A server that answers without paging gives one page with the whole list (and no count: the rows
 * are all there to count).
 */
export function mergePages(pages: readonly SharePermissionsResponse[] | undefined): SharePermissionsResponse | undefined {
  if (!pages?.length) return undefined;
  const [first] = pages;
  const individual = pages.length === 1 ? first.individual : pages.flatMap((page) => page.individual);
  return {
    individual,
    organization: first.organization,
    next_cursor: pages[pages.length - 1].next_cursor ?? null,
    ...(first.total_count === undefined ? {} : { total_count: first.total_count }),
  };
}
