import type { PermissionFlags, PermissionKey, PermissionLevel } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { COLLABORATOR_LEVELS, rank, toWirePermission, type CollaboratorLevel } from './permission-levels';

/** The levels a new collaborator may get from this user: up to the user's own, where the server allows adding. */
export function addableLevels(userLevel: PermissionLevel, flags: PermissionFlags | undefined): Exclude<CollaboratorLevel, 'no_access'>[] {
  return COLLABORATOR_LEVELS.filter(
    (level) =>
      rank(level) <= rank(userLevel) && isAllowed(flags?.[`collaborator_individual_add_${toWirePermission(level)}` as PermissionKey]),
  );
}
