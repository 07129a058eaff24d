import type { CollaboratorPermission, IndividualCollaborator, OrganizationCollaborator, PermissionLevel } from '@deck/shared/api/contract';
import { COLLABORATOR_LEVEL, rank, teamGrantLevel } from '@deck/shared/domains/permissions/permission-levels';

/** The levels a collaborator can hold, ranked view < comment < edit (spec §4). */
export type CollaboratorLevel = 'no_access' | 'can_view' | 'can_comment' | 'can_edit';
export const COLLABORATOR_LEVELS: readonly Exclude<CollaboratorLevel, 'no_access'>[] = ['can_view', 'can_comment', 'can_edit'];

export { rank };

const WIRE_BY_LEVEL: Record<Exclude<CollaboratorLevel, 'no_access'>, CollaboratorPermission> = {
  can_view: 'viewer',
  can_comment: 'commenter',
  can_edit: 'editor',
};

/** The individual's level; the owner row and a missing permission (no access) included. */
export function levelOfIndividual(collaborator: Pick<IndividualCollaborator, 'permission' | 'is_owner'>): PermissionLevel {
  if (collaborator.is_owner || collaborator.permission === 'owner') return 'owner';
  return collaborator.permission ? COLLABORATOR_LEVEL[collaborator.permission] : 'no_access';
}

export function toWirePermission(level: Exclude<CollaboratorLevel, 'no_access'>): CollaboratorPermission {
  return WIRE_BY_LEVEL[level];
}

export function toLevel(permission: CollaboratorPermission): Exclude<CollaboratorLevel, 'no_access'> {
  return COLLABORATOR_LEVEL[permission] as Exclude<CollaboratorLevel, 'no_access'>;
}

/** The team's level (the shared rule the server also decides by). */
export function levelOfOrganization(organization: Pick<OrganizationCollaborator, 'can_view' | 'can_comment' | 'can_edit'>): CollaboratorLevel {
  return teamGrantLevel(organization) as CollaboratorLevel;
}
