import { api } from '@deck/shared/api/api';
import type { DemoSignUpBody, DemoSignUpResponse } from '@deck/shared/api/contract';

/** The demo's sign-up (POST /dev/sign-up): a demo-server route, outside the product API's bases. */
export const signUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    demoSignUp: build.mutation<DemoSignUpResponse, DemoSignUpBody>({
      query: (body) => ({ url: '/dev/sign-up', method: 'POST', body }),
      // Signed in as the new user from now on: everything the page knew belongs to someone else.
      invalidatesTags: ['Session', 'Referral', 'Document', 'Folder'],
    }),
  }),
});

export const { useDemoSignUpMutation } = signUpApi;
