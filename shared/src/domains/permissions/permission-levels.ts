import type { CollaboratorPermission, PermissionLevel } from '@deck/shared/api/contract';

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
