import type { CollaboratorPermission, OrganizationPermissionType, PermissionLevel } from '@deck/shared/api/contract';
import { COLLABORATOR_LEVEL, LEVEL_RANK, rank, teamGrantLevel, type TeamGrant } from '@deck/shared/domains/permissions/permission-levels';

export { LEVEL_RANK, COLLABORATOR_LEVEL, rank, teamGrantLevel, type TeamGrant };

export const ORGANIZATION_LEVEL: Record<OrganizationPermissionType, PermissionLevel> = {
  can_view: 'can_view',
  can_comment: 'can_comment',
  can_edit: 'can_edit',
};

export function maxLevel(...levels: PermissionLevel[]): PermissionLevel {
  return levels.reduce<PermissionLevel>((a, b) => (rank(b) > rank(a) ? b : a), 'no_access');
}

/**
 * The user's own level on a document: owner, else the higher of their individual collaborator level
 * (accepted, not pending) and the level granted to their team.
 */
export function effectiveLevel(input: {
  isOwner: boolean;
  individual: CollaboratorPermission | null;
  /** The team grant, only when the user is a member of that team. */
  teamGrant: TeamGrant | null;
}): PermissionLevel {
  if (input.isOwner) return 'owner';
  return maxLevel(input.individual ? COLLABORATOR_LEVEL[input.individual] : 'no_access', teamGrantLevel(input.teamGrant));
}
