import { trackEvent } from '@deck/shared/analytics/analytics';

export const COLLABORATOR_EVENTS = {
  updateCollaborator: 'share_dialog_update_collaborator',
} as const;

export interface CollaboratorUpdate {
  documentOid: string;
  target: 'individual' | 'organization';
  action: 'add' | 'update' | 'remove';
  permission: string | null;
  previousPermission: string | null;
}

export function trackCollaboratorUpdate(update: CollaboratorUpdate) {
  trackEvent(COLLABORATOR_EVENTS.updateCollaborator, {
    document_oid: update.documentOid,
    target: update.target,
    action: update.action,
    permission: update.permission,
    previous_permission: update.previousPermission,
  });
}
