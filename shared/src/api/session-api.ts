import { api } from '@deck/shared/api/api';
import type { SessionResponse } from '@deck/shared/api/contract';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionResponse, void>({
      query: () => '/api/v1/session/',
      providesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionQuery } = sessionApi;
