import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '@deck/shared/api/api';
import type { InvitationsRemaining } from '@deck/shared/api/contract';

/** The header a successful add answers with (server/src/services/invitations.ts). */
const REMAINING_HEADER = 'X-Invitations-Remaining';

/** How many invitations the user may still send this window, for both add forms. */
export const invitationsRemainingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvitationsRemaining: build.query<InvitationsRemaining, void>({
      query: () => '/api/v1/invitations/remaining/',
    }),
  }),
});

export const { useGetInvitationsRemainingQuery } = invitationsRemainingApi;

type Dispatch = (action: ReturnType<typeof invitationsRemainingApi.util.updateQueryData>) => unknown;

/**
 * An add's answer carries the new count in a header, so the forms' count follows each Add without asking again;
 * the limit's refusal (429) means none are left. Used from the document and folder add mutations.
 */
export async function followInvitationsRemaining(dispatch: Dispatch, queryFulfilled: Promise<{ meta?: unknown }>): Promise<void> {
  let remaining: number;
  try {
    const { meta } = await queryFulfilled;
    const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(REMAINING_HEADER);
    if (header == null || header === '') return;
    remaining = Number(header);
  } catch (rejected) {
    const status = (rejected as { error?: { status?: unknown } } | null)?.error?.status;
    if (status !== 429) return;
    remaining = 0;
  }
  if (!Number.isInteger(remaining) || remaining < 0) return;
  dispatch(
    invitationsRemainingApi.util.updateQueryData('getInvitationsRemaining', undefined, (draft) => {
      draft.remaining = remaining;
    }),
  );
}
