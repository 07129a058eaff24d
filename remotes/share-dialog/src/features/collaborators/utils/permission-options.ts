import type { PermissionLevel } from '@deck/shared/api/contract';
import { COLLABORATOR_LEVELS, rank, type CollaboratorLevel } from './permission-levels';

export interface PermissionOptionsTarget {
  level: PermissionLevel;
  isCurrentUser: boolean;
  /** An invitee who has not accepted yet has no account to own the document. */
  isPending?: boolean;
  /** The server's answer for this row (may_change_level): whether its menu is enabled. */
  mayChangeLevel: boolean;
  /** The server's answer for this row (may_remove): whether it offers Remove. */
  mayRemove: boolean;
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
 * Spec §6, a collaborator row's dropdown. Whether the row may be changed or removed is the server's answer on the
 * row (may_change_level, may_remove: server/src/permissions/collaborators.ts), never derived here. What this adds is
 * the display: the owner row shows a fixed 'Owner'; the owner, or a user with the editor-level update right, sees
 * every level, anyone else the levels up to their own; only the owner sees 'Make owner', on the rows of
 * collaborators with an account.
 */
export function permissionOptions(target: PermissionOptionsTarget, viewer: PermissionOptionsViewer): PermissionOptions {
  if (target.level === 'owner') return { fixedOwner: true, choices: [], canRemove: false, canMakeOwner: false, disabled: true };
  const everyLevel = viewer.isOwner || viewer.canUpdateEditors;
  const choices = everyLevel ? [...COLLABORATOR_LEVELS] : COLLABORATOR_LEVELS.filter((level) => rank(level) <= rank(viewer.level));
  const canMakeOwner = viewer.isOwner && !target.isCurrentUser && !target.isPending && target.level !== 'no_access';
  return { fixedOwner: false, choices, canRemove: target.mayRemove, canMakeOwner, disabled: !target.mayChangeLevel };
}
