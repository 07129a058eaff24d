import { api } from '@deck/shared/api/api';
import type { FolderAddBody, FolderCollaborator, FolderDetails, FolderRole } from '@deck/shared/api/contract';
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from '@deck/shared/domains/sharing-activity/activity-contract';
import { toFolder, type Folder } from '@deck/shared/domains/folder/folder-collaborators';
import { loadServerMessages } from '@deck/shared/api/server-messages';
import { tagsAfterSharingChange } from '@deck/shared/domains/sharing-activity/live-sharing-slice';
import { followInvitationsRemaining } from '../../../common/invitations/invitations-remaining-api';

const usersPath = (folderId: number) => `/api/v1/folders/group/${folderId}/users/`;

/** Folder sharing (spec §7 Folders). The details, with pending invitations, are the list the page shows. */
export const folderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFolder: build.query<Folder, number>({
      query: (folderId) => ({ url: `/api/v1/folders/group/${folderId}/details/`, params: { include_pending: true } }),
      // The reasons of refused actions are shown in the server's words: their translations come first.
      transformResponse: async (details: FolderDetails) => {
        if (Object.keys(details.folder_restrictions.reason_codes ?? {}).length > 0) await loadServerMessages();
        return toFolder(details);
      },
      providesTags: (_result, _error, folderId) => [{ type: 'Folder', id: folderId }],
    }),
    /** The folder's sharing activity, newest first, a page at a time; refreshed with the folder after each change here. */
    getFolderActivity: build.infiniteQuery<ActivityPage, number, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last: ActivityPage) => last.next_before ?? undefined,
      },
      query: ({ queryArg: folderId, pageParam }) => ({
        url: `/api/v1/folders/group/${folderId}/activity/`,
        params: { limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      providesTags: (_result, _error, folderId) => [{ type: 'Folder', id: folderId }],
    }),
    /**
     * Spec §6: whoever adds a collaborator to a folder adds a VIEWER; only an Undo by the owner restores an
     * EDITOR. 'Notify people' and the message are optional. Answers with the folder's people.
     */
    addFolderCollaborator: build.mutation<
      FolderCollaborator[],
      { folderId: number; email: string; role?: Exclude<FolderRole, 'OWNER'>; notify?: boolean; message?: string }
    >({
      query: ({ folderId, email, role = 'VIEWER', notify, message }) => {
        const body: FolderAddBody = {
          email,
          role,
          ...(notify === false ? { notify: false } : {}),
          ...(notify !== false && message?.trim() ? { message: message.trim() } : {}),
        };
        return { url: usersPath(folderId), method: 'POST', body };
      },
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => followInvitationsRemaining(dispatch, queryFulfilled),
      invalidatesTags: (_result, error, { folderId }) => tagsAfterSharingChange(error, [{ type: 'Folder' as const, id: folderId }]),
    }),
    removeFolderCollaborator: build.mutation<void, { folderId: number; collaboratorId: number }>({
      query: ({ folderId, collaboratorId }) => ({ url: `${usersPath(folderId)}${collaboratorId}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { folderId }) => tagsAfterSharingChange(error, [{ type: 'Folder' as const, id: folderId }]),
    }),
  }),
});

export const { useGetFolderQuery, useGetFolderActivityInfiniteQuery, useAddFolderCollaboratorMutation, useRemoveFolderCollaboratorMutation } = folderApi;
