import { api } from '@deck/shared/api/api';
import {
  ACTIVITY_PAGE_SIZE,
  TEAM_ACTIVITY_CHOICES_PATH,
  TEAM_ACTIVITY_FILTERS,
  TEAM_ACTIVITY_PATH,
  type ActivityPage,
  type TeamActivityChoices,
  type TeamActivityFilters,
} from '@deck/shared/domains/sharing-activity/activity-contract';

/** The filters as query parameters (only those set), the same for the page and its CSV export. */
export function filterParams(filters: TeamActivityFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of TEAM_ACTIVITY_FILTERS) {
    const value = filters[name];
    if (value !== undefined && value !== '') params[name] = String(value);
  }
  return params;
}

/** The team's sharing activity for its admins (docs/api.md, *Sharing activity*): filtered, newest first, a page at a time. */
export const teamActivityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeamActivity: build.infiniteQuery<ActivityPage, TeamActivityFilters, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last: ActivityPage) => last.next_before ?? undefined,
      },
      query: ({ queryArg: filters, pageParam }) => ({
        url: TEAM_ACTIVITY_PATH,
        params: { ...filterParams(filters), limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      // Changes keep coming in: every visit shows the current log.
      keepUnusedDataFor: 0,
    }),
    getTeamActivityChoices: build.query<TeamActivityChoices, void>({
      query: () => ({ url: TEAM_ACTIVITY_CHOICES_PATH }),
    }),
  }),
});

export const { useGetTeamActivityInfiniteQuery, useGetTeamActivityChoicesQuery } = teamActivityApi;
