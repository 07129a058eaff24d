import { trackEvent } from '@deck/shared/analytics/analytics';
import type { FolderRole } from '@deck/shared/api/contract';

export const FOLDER_EVENTS = {
  collaboratorAdded: 'folder collaborator added',
  collaboratorRemoved: 'folder collaborator removed',
  collaboratorAddFailed: 'folder collaborator add failed',
} as const;

export function trackCollaboratorAdded(folderId: number): void {
  trackEvent(FOLDER_EVENTS.collaboratorAdded, { folder_id: folderId, role: 'VIEWER' });
}

export function trackCollaboratorRemoved(folderId: number, role: FolderRole, self: boolean): void {
  trackEvent(FOLDER_EVENTS.collaboratorRemoved, { folder_id: folderId, role, self });
}

export function trackCollaboratorAddFailed(folderId: number, status: number | null): void {
  trackEvent(FOLDER_EVENTS.collaboratorAddFailed, { folder_id: folderId, status });
}
