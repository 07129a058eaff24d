import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { FolderCollaborator, FolderDetails, FolderRole } from '@deck/shared/api/contract';

const ROLE_ORDER: Record<FolderRole, number> = { OWNER: 0, EDITOR: 1, VIEWER: 2 };

function sortName(collaborator: FolderCollaborator): string {
  return (collaborator.name || collaborator.email || collaborator.username || '').toLocaleLowerCase();
}

/**
 * Folder collaborators keyed by id (spec §3). Ordered owner first, then editors, then viewers,
 * by name within a role, with pending invitations after the people who joined.
 */
export const folderCollaboratorsAdapter = createEntityAdapter<FolderCollaborator, number>({
  selectId: (collaborator) => collaborator.id,
  sortComparer: (a, b) =>
    Number(a.pending) - Number(b.pending) || ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || sortName(a).localeCompare(sortName(b)),
});

export type FolderCollaborators = EntityState<FolderCollaborator, number>;

/** The folder as the client keeps it: its details, with the collaborators normalised. */
export interface Folder extends Omit<FolderDetails, 'users'> {
  collaborators: FolderCollaborators;
}

/** Spec §3: only users with details are kept — an entry without an id or any way to name the person is dropped. */
export function hasDetails(user: Partial<FolderCollaborator> | null | undefined): user is FolderCollaborator {
  return Boolean(user && typeof user.id === 'number' && user.role && (user.email || user.username || user.name));
}

export function toFolder(details: FolderDetails): Folder {
  const { users, ...rest } = details;
  return {
    ...rest,
    collaborators: folderCollaboratorsAdapter.setAll(folderCollaboratorsAdapter.getInitialState(), (users ?? []).filter(hasDetails)),
  };
}

export const folderCollaboratorSelectors = folderCollaboratorsAdapter.getSelectors();
