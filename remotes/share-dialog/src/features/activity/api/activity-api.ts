import { api } from '@deck/shared/api/api';
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from '@deck/shared/domains/sharing-activity/activity-contract';

/** The document's sharing activity, newest first, a page at a time (docs/api.md, *Sharing activity*). */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocumentActivity: build.infiniteQuery<ActivityPage, string, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last: ActivityPage) => last.next_before ?? undefined,
      },
      query: ({ queryArg: oid, pageParam }) => ({
        url: `/api/v1/share/${encodeURIComponent(oid)}/activity/`,
        params: { limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      providesTags: (_result, _error, oid) => [{ type: 'SharingActivity', id: oid }],
    }),
  }),
});

export const { useGetDocumentActivityInfiniteQuery } = activityApi;
