import { api } from '@deck/shared/api/api';
import type { FeatureSwitchesRequest, FeatureSwitchesResponse } from '@deck/shared/api/contract';

/** Feature switches are asked for by name (POST /api/v1/featureswitches/, spec §7). */
export const featureSwitchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeatureSwitches: build.query<FeatureSwitchesResponse, readonly string[]>({
      query: (names) => ({
        url: '/api/v1/featureswitches/',
        method: 'POST',
        body: { feature_switches: [...names] } satisfies FeatureSwitchesRequest,
      }),
      providesTags: ['FeatureSwitches'],
    }),
  }),
});

export const { useGetFeatureSwitchesQuery } = featureSwitchesApi;

export function isSwitchOn(response: FeatureSwitchesResponse | undefined, name: string): boolean {
  return response?.feature_switches[name] === true;
}
