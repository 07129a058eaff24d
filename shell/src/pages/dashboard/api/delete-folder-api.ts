import { api } from '@deck/shared/api/api';
import type { FolderDeleted } from '@deck/shared/api/contract';

export const deleteFolderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Owner only; the server answers 403 'Only the owner may delete the folder.' to anyone else. */
    deleteFolder: build.mutation<FolderDeleted, number>({
      query: (id) => ({ url: `/api/v1/folders/group/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Folder'],
    }),
  }),
});

export const { useDeleteFolderMutation } = deleteFolderApi;
