import { api } from '@deck/shared/api/api';
import type { SessionResponse } from '@deck/shared/api/contract';
import { sessionResource } from '@deck/shared/api/session-resource';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionResponse, void>({
      query: () => sessionResource.request.url,
      providesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionQuery } = sessionApi;
