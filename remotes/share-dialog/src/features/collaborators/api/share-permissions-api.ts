import { api } from '@deck/shared/api/api';
import type {
  CollaboratorPermission,
  OrganizationPermissionBody,
  OrganizationPermissionType,
  SharePermissionsResponse,
  ShareInviteBody,
  ShareRemoveBody,
} from '@deck/shared/api/contract';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { SHARE_LIST_PAGE_SIZE } from '@deck/shared/domains/collaborators/share-list-paging';
import { validateSharePermissions } from './validate-share-permissions';
import { followInvitationsRemaining } from '../../../common/invitations/invitations-remaining-api';

const permissionsPath = (oid: string) => `/api/v1/share/${encodeURIComponent(oid)}/permissions/`;
const organizationPath = (oid: string) => `/api/v1/share/${encodeURIComponent(oid)}/organization-permission/`;

export interface SetCollaboratorArgs {
  oid: string;
  email: string;
  permission: CollaboratorPermission;
  /** The inviter's referral token, credited when an invitee signs up (spec §7, optional). */
  referralToken?: string;
  /** 'Notify people' (default on) and the inviter's optional message for the e-mail. */
  notify?: boolean;
  message?: string;
  /** The end of a viewer's or commenter's access (owner only): an ISO time, or null to remove it; absent keeps it. */
  expiresAt?: string | null;
}

const ORGANIZATION_FLAGS: Record<OrganizationPermissionType, { can_view: boolean; can_comment: boolean; can_edit: boolean }> = {
  can_view: { can_view: true, can_comment: false, can_edit: false },
  can_comment: { can_view: true, can_comment: true, can_edit: false },
  can_edit: { can_view: true, can_comment: true, can_edit: true },
};

/** The list's pages as the cache holds them: each page is an answer of the paged GET (docs/api.md). */
export type SharePermissionsPages = InfiniteData<SharePermissionsResponse, string | null>;

/** A search of the Manage Collaborators page, answered by the server so that it covers every page. */
export interface CollaboratorSearchArgs {
  oid: string;
  search: string;
}

/** A page of the list from `cursor` (null: the first page, with the owner, the current user and the count). */
const pageRequest = (oid: string, cursor: string | null, search?: string) => ({
  url: permissionsPath(oid),
  params: {
    include_organization_permission: true,
    include_pending_invites: true,
    limit: SHARE_LIST_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(search ? { search } : {}),
  },
});

const pageOptions = {
  initialPageParam: null,
  getNextPageParam: (lastPage: SharePermissionsResponse) => lastPage.next_cursor ?? undefined,
};

/** Applies `change` to every loaded page of the document's list. */
function patchPages(oid: string, change: (page: SharePermissionsResponse) => void) {
  return sharePermissionsApi.util.updateQueryData('getSharePermissions', oid, (draft) => {
    draft.pages.forEach(change);
  });
}

/** The share API of spec §7: individual collaborators (with pending invites) and the team, read in pages. */
export const sharePermissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSharePermissions: build.infiniteQuery<SharePermissionsResponse, string, string | null>({
      infiniteQueryOptions: pageOptions,
      query: ({ queryArg: oid, pageParam }) => pageRequest(oid, pageParam),
      transformResponse: (body: unknown) => validateSharePermissions(body),
      providesTags: (_result, _error, oid) => [{ type: 'Collaborators', id: oid }],
    }),

    searchSharePermissions: build.infiniteQuery<SharePermissionsResponse, CollaboratorSearchArgs, string | null>({
      infiniteQueryOptions: pageOptions,
      query: ({ queryArg: { oid, search }, pageParam }) => pageRequest(oid, pageParam, search),
      transformResponse: (body: unknown) => validateSharePermissions(body),
      providesTags: (_result, _error, { oid }) => [{ type: 'Collaborators', id: oid }],
    }),

    /** Adds a collaborator (an unknown address becomes a pending invite) or changes one's level. */
    setCollaborator: build.mutation<unknown, SetCollaboratorArgs>({
      query: ({ oid, email, permission, referralToken, notify, message, expiresAt }) => ({
        url: permissionsPath(oid),
        method: 'PUT',
        params: referralToken ? { referral_token: referralToken } : undefined,
        body: {
          email,
          permission,
          trigger_organic_invitation_if_needed: true,
          ...(notify === false ? { notify: false } : {}),
          ...(notify !== false && message?.trim() ? { message: message.trim() } : {}),
          ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
        } satisfies ShareInviteBody,
      }),
      async onQueryStarted({ oid, email, permission }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          patchPages(oid, (page) => {
            const row = page.individual.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
            if (row && row.permission !== 'owner') row.permission = permission;
          }),
        );
        queryFulfilled.catch(patch.undo);
        await followInvitationsRemaining(dispatch, queryFulfilled);
      },
      invalidatesTags: (_result, _error, { oid }) => [{ type: 'Collaborators', id: oid }],
    }),

    removeCollaborator: build.mutation<unknown, { oid: string; email: string }>({
      query: ({ oid, email }) => ({
        url: permissionsPath(oid),
        method: 'DELETE',
        body: { email, trigger_organic_invitation_if_needed: false } satisfies ShareRemoveBody,
      }),
      async onQueryStarted({ oid, email }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          patchPages(oid, (page) => {
            page.individual = page.individual.filter((candidate) => candidate.email.toLowerCase() !== email.toLowerCase());
          }),
        );
        queryFulfilled.catch(patch.undo);
      },
      invalidatesTags: (_result, _error, { oid }) => [
        { type: 'Collaborators', id: oid },
        { type: 'Document', id: oid },
      ],
    }),

    setOrganizationPermission: build.mutation<unknown, { oid: string; permission: OrganizationPermissionType }>({
      query: ({ oid, permission }) => ({
        url: organizationPath(oid),
        method: 'PUT',
        body: { permission } satisfies OrganizationPermissionBody,
      }),
      async onQueryStarted({ oid, permission }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          patchPages(oid, (page) => {
            if (page.organization) Object.assign(page.organization, ORGANIZATION_FLAGS[permission]);
          }),
        );
        queryFulfilled.catch(patch.undo);
      },
      invalidatesTags: (_result, _error, { oid }) => [{ type: 'Collaborators', id: oid }],
    }),

    /** Spec §4: removing the team's access sets can_view, can_comment and can_edit all to false. */
    removeOrganizationPermission: build.mutation<unknown, { oid: string }>({
      query: ({ oid }) => ({ url: organizationPath(oid), method: 'DELETE' }),
      async onQueryStarted({ oid }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          patchPages(oid, (page) => {
            if (page.organization) Object.assign(page.organization, { can_view: false, can_comment: false, can_edit: false });
          }),
        );
        queryFulfilled.catch(patch.undo);
      },
      invalidatesTags: (_result, _error, { oid }) => [{ type: 'Collaborators', id: oid }],
    }),
  }),
});

export const {
  useGetSharePermissionsInfiniteQuery,
  useSearchSharePermissionsInfiniteQuery,
  useSetCollaboratorMutation,
  useRemoveCollaboratorMutation,
  useSetOrganizationPermissionMutation,
  useRemoveOrganizationPermissionMutation,
} = sharePermissionsApi;
