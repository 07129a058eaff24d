import type { FolderCollaborator, FolderDetails } from '@deck/shared/api/contract';

/** A folder's details as the server answers them to its owner (anyone may add people), for tests. */
export function ownersFolderDetails({ id = 1, name = 'Marketing', users = [] }: { id?: number; name?: string; users?: FolderCollaborator[] } = {}): FolderDetails {
  return {
    uuid: `f-${id}`,
    id,
    name,
    creator: { id: 10, name: 'Alice Anderson' },
    folder_restrictions: {
      only_owner_can_add_collaborators_to_folder: false,
      current_user_role: 'OWNER',
      can_add_collaborators: true,
      can_remove_collaborators: true,
      can_delete_folder: true,
      can_read_activity: true,
    },
    only_owner_can_add_collaborators_to_folder: false,
    users,
    document_oids: [],
  };
}
