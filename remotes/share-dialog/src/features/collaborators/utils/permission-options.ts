import type { PermissionLevel } from '@deck/shared/api/contract';
import { COLLABORATOR_LEVELS, rank, type CollaboratorLevel } from './permission-levels';
import { canChangeCollaborator } from '@deck/shared/domains/permissions/permission-levels';

export interface PermissionOptionsTarget {
  level: PermissionLevel;
  isCurrentUser: boolean;
  /** An invitee who has not accepted yet has no account to own the document. */
  isPending?: boolean;
}

export interface PermissionOptionsViewer {
  /** The signed-in user's own level on the document. */
  level: PermissionLevel;
  isOwner: boolean;
  /** Whether the user holds the editor-level update right (collaborator_individual_update_editor). */
  canUpdateEditors: boolean;
}

export interface PermissionOptions {
  /** The owner row shows a fixed 'Owner'. */
  fixedOwner: boolean;
  choices: Exclude<CollaboratorLevel, 'no_access'>[];
  canRemove: boolean;
  /** The owner can hand the document to a collaborator who has an account. */
  canMakeOwner: boolean;
  disabled: boolean;
}

/**
 * Spec §6, a collaborator row's dropdown:
 * - the owner row is fixed at 'Owner' and disabled;
 * - the owner, or a user with the editor-level update right, sees every level and Remove;
 * - anyone else sees only the levels up to their own, and the dropdown is disabled when the target
 *   has no access or ranks above the user (`canChangeCollaborator`, the rule the server checks);
 * - the current user's own row stays enabled;
 * - only the owner sees 'Make owner', on the rows of collaborators with an account.
 */
export function permissionOptions(target: PermissionOptionsTarget, viewer: PermissionOptionsViewer): PermissionOptions {
  if (target.level === 'owner') return { fixedOwner: true, choices: [], canRemove: false, canMakeOwner: false, disabled: true };
  if (viewer.isOwner || viewer.canUpdateEditors) {
    const canMakeOwner = viewer.isOwner && !target.isCurrentUser && !target.isPending && target.level !== 'no_access';
    return { fixedOwner: false, choices: [...COLLABORATOR_LEVELS], canRemove: true, canMakeOwner, disabled: false };
  }
  const choices = COLLABORATOR_LEVELS.filter((level) => rank(level) <= rank(viewer.level));
  const disabled = !target.isCurrentUser && (target.level === 'no_access' || !canChangeCollaborator(viewer.level, target.level));
  return { fixedOwner: false, choices, canRemove: false, canMakeOwner: false, disabled };
}
