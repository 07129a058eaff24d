import type { CollaboratorPermission, OrganizationPermissionType, PermissionLevel } from '@deck/shared/api/contract';

/**
 * Spec §4: levels ranked no access < view < comment < edit < owner. One table for the clients and
 * the server, so the dialog never offers what the server would refuse by ranking differently.
 */
export const LEVEL_RANK: Record<PermissionLevel, number> = {
  no_access: 0,
  can_view: 1,
  // Presenting is viewing with a remote control: it ranks with viewing for sharing decisions.
  can_present: 1,
  can_comment: 2,
  can_edit: 3,
  owner: 4,
};

export function rank(level: PermissionLevel): number {
  return LEVEL_RANK[level];
}

/** The level each wire permission of an individual collaborator stands for (spec §3). */
export const COLLABORATOR_LEVEL: Record<CollaboratorPermission, PermissionLevel> = {
  viewer: 'can_view',
  commenter: 'can_comment',
  editor: 'can_edit',
};

/** A team's grant on a document: three flags, each implying the ones below it (spec §3). */
export interface TeamGrant {
  can_view: boolean;
  can_comment: boolean;
  can_edit: boolean;
}

/** The team's level is the highest of its three flags; all false (or no grant) is no access. */
export function teamGrantLevel(grant: TeamGrant | null | undefined): PermissionLevel {
  if (!grant) return 'no_access';
  if (grant.can_edit) return 'can_edit';
  if (grant.can_comment) return 'can_comment';
  if (grant.can_view) return 'can_view';
  return 'no_access';
}

/** The grant stored for a team level: each level implies the ones below it. */
export function teamGrantOf(level: OrganizationPermissionType): TeamGrant {
  return { can_view: true, can_comment: level !== 'can_view', can_edit: level === 'can_edit' };
}
