import type { CurrentUser, FolderCollaborator } from '@deck/shared/api/contract';
import type { Folder } from '@deck/shared/domains/folder/folder-collaborators';

type Viewer = Pick<CurrentUser, 'userId' | 'username' | 'email'> | null;

/** The folder's creator holds the OWNER role; the restrictions also say what role the viewer holds. */
export function isFolderOwner(folder: Folder, viewer: Viewer): boolean {
  if (!viewer) return false;
  return folder.folder_restrictions.current_user_role === 'OWNER' || folder.creator.id === viewer.userId;
}

/**
 * Spec §6 Folder: collaborators may add further collaborators, unless only the owner may
 * (only_owner_can_add_collaborators_to_folder), in which case the add line is hidden for everyone else.
 */
export function canAddToFolder(folder: Folder, viewer: Viewer): boolean {
  if (!viewer || !folder.folder_restrictions.can_add_collaborators) return false;
  const onlyOwner = folder.only_owner_can_add_collaborators_to_folder || folder.folder_restrictions.only_owner_can_add_collaborators_to_folder;
  return !onlyOwner || isFolderOwner(folder, viewer);
}

/** A pending invitation is nobody's own row, even when its address matches the viewer's. */
export function isViewer(collaborator: FolderCollaborator, viewer: Viewer): boolean {
  if (!viewer || collaborator.pending) return false;
  if (collaborator.username && collaborator.username === viewer.username) return true;
  return Boolean(collaborator.email) && collaborator.email.toLowerCase() === viewer.email.toLowerCase();
}

/** What removing this collaborator means for the viewer: nothing offered, leaving the folder, or removing someone. */
export type FolderRemoval = 'none' | 'self' | 'other';

/** Spec §6 Folder: the owner role cannot be removed; the creator removes anyone else; anyone may leave. */
export function removalFor(collaborator: FolderCollaborator, folder: Folder, viewer: Viewer): FolderRemoval {
  if (!viewer || collaborator.role === 'OWNER') return 'none';
  if (isViewer(collaborator, viewer)) return 'self';
  return isFolderOwner(folder, viewer) ? 'other' : 'none';
}

/** Whether an address already belongs to someone in the folder (joined or invited). */
export function findByEmail(collaborators: readonly FolderCollaborator[], email: string): FolderCollaborator | undefined {
  const wanted = email.trim().toLowerCase();
  return collaborators.find((collaborator) => collaborator.email.toLowerCase() === wanted);
}
