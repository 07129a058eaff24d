import type { CurrentUser, FolderCollaborator } from '@deck/shared/api/contract';
import type { Folder } from '@deck/shared/domains/folder/folder-collaborators';

type Viewer = Pick<CurrentUser, 'userId' | 'username' | 'email'> | null;

/**
 * Spec §6 Folder: collaborators may add further collaborators, unless only the owner may
 * (only_owner_can_add_collaborators_to_folder); the server decides that for the viewer
 * (`folder_restrictions.can_add_collaborators`), with the reason of a refusal beside it.
 */
export function canAddToFolder(folder: Folder, viewer: Viewer): boolean {
  return viewer !== null && folder.folder_restrictions.can_add_collaborators;
}

/** A pending invitation is nobody's own row, even when its address matches the viewer's. */
export function isViewer(collaborator: FolderCollaborator, viewer: Viewer): boolean {
  if (!viewer || collaborator.pending) return false;
  if (collaborator.username && collaborator.username === viewer.username) return true;
  return Boolean(collaborator.email) && collaborator.email.toLowerCase() === viewer.email.toLowerCase();
}

/** What removing this collaborator means for the viewer: nothing offered, leaving the folder, or removing someone. */
export type FolderRemoval = 'none' | 'self' | 'other';

/**
 * Spec §6 Folder: the owner role cannot be removed; anyone may leave; removing someone else is the server's
 * to allow (`folder_restrictions.can_remove_collaborators`: the creator only).
 */
export function removalFor(collaborator: FolderCollaborator, folder: Folder, viewer: Viewer): FolderRemoval {
  if (!viewer || collaborator.role === 'OWNER') return 'none';
  if (isViewer(collaborator, viewer)) return 'self';
  return folder.folder_restrictions.can_remove_collaborators ? 'other' : 'none';
}

/** Whether an address already belongs to someone in the folder (joined or invited). */
export function findByEmail(collaborators: readonly FolderCollaborator[], email: string): FolderCollaborator | undefined {
  const wanted = email.trim().toLowerCase();
  return collaborators.find((collaborator) => collaborator.email.toLowerCase() === wanted);
}
