import { api } from '@deck/shared/api/api';
import type { ContactsResponse } from '@deck/shared/api/contract';

/** The user's contacts, team members included (spec §7). */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactsResponse, void>({
      query: () => ({ url: '/api/v1/contacts/', params: { pitchonly: 1, orgmembers: 1 } }),
      providesTags: ['Contacts'],
    }),
  }),
});

export const { useGetContactsQuery } = contactsApi;
