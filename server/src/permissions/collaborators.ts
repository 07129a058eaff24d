import type { CollaboratorPermission, PermissionLevel } from '@deck/shared/api/contract';
import { COLLABORATOR_LEVEL, rank } from './levels';
import { isAllowed, type Decision } from './flags';

/**
 * Spec §4 and §6, "a collaborator above you": the owner may move anyone; anyone else may move only those at or below
 * their own level (a target above it is refused with `higherTarget`). The share API, the presentation API and the
 * one-statement level change (services/collaborator-level.ts) all ask this; the dialog shows the answer per row
 * (collaboratorRowCapabilities), never deriving it.
 */
export function mayChangeCollaborator(actorLevel: PermissionLevel, targetLevel: PermissionLevel): boolean {
  return actorLevel === 'owner' || rank(targetLevel) <= rank(actorLevel);
}

/** The levels a user at `actorLevel` may move someone from: any for the owner, else up to their own. */
export function changeableLevels(actorLevel: PermissionLevel): CollaboratorPermission[] {
  return (['viewer', 'commenter', 'editor'] as const).filter((p) => mayChangeCollaborator(actorLevel, COLLABORATOR_LEVEL[p]));
}

/** What the caller may do to one row of the share list (sent on each row: the dialog draws its menu from it). */
export interface RowCapabilities {
  /** The row's level menu is enabled. */
  may_change_level: boolean;
  /** The row's menu offers Remove. */
  may_remove: boolean;
}

/**
 * Spec §6, a collaborator row: the owner row is fixed; the owner, or a user with the editor-level update right,
 * may change every row and remove; anyone else may change their own row, and others' rows at or below their level
 * (a row with no access: not). The choice of a level is then each level's own flag
 * (collaborator_individual_update_<level>), and Remove of someone else needs collaborator_individual_remove_others.
 */
export function collaboratorRowCapabilities(
  viewer: { level: PermissionLevel; decisions: { collaborator_individual_update_editor: Decision } },
  row: { level: PermissionLevel; isOwnerRow: boolean; isCurrentUser: boolean },
): RowCapabilities {
  if (row.isOwnerRow) return { may_change_level: false, may_remove: false };
  if (viewer.level === 'owner' || isAllowed(viewer.decisions.collaborator_individual_update_editor)) return { may_change_level: true, may_remove: true };
  const mayChange = row.isCurrentUser || (row.level !== 'no_access' && mayChangeCollaborator(viewer.level, row.level));
  return { may_change_level: mayChange, may_remove: false };
}
