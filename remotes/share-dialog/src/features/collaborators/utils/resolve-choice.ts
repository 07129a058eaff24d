import type { CollaboratorPermission, OrganizationPermissionType, PermissionLevel } from '@deck/shared/api/contract';
import { toWirePermission, type CollaboratorLevel } from './permission-levels';

/** What a dropdown can hand back: a level, no access, Remove, Make owner, or nothing chosen. */
export type CollaboratorChoice = CollaboratorLevel | 'remove' | 'make_owner' | '';

export type IndividualChange =
  | { action: 'update'; permission: CollaboratorPermission }
  | { action: 'remove' }
  | { action: 'transfer' }
  | { action: 'ignore' };
export type TeamChange = { action: 'update'; permission: OrganizationPermissionType } | { action: 'remove' } | { action: 'ignore' };

/** Spec §4: for an individual, no access or an empty choice is ignored; Remove removes. */
export function resolveIndividualChoice(choice: CollaboratorChoice, current: PermissionLevel): IndividualChange {
  if (choice === 'remove') return { action: 'remove' };
  if (choice === 'make_owner') return { action: 'transfer' };
  if (choice === '' || choice === 'no_access' || choice === current) return { action: 'ignore' };
  return { action: 'update', permission: toWirePermission(choice) };
}

/** Spec §4: choosing no access for the team removes the team. */
export function resolveTeamChoice(choice: CollaboratorChoice, current: CollaboratorLevel): TeamChange {
  if (choice === '' || choice === current) return { action: 'ignore' };
  if (choice === 'make_owner') return { action: 'ignore' };
  if (choice === 'no_access' || choice === 'remove') return current === 'no_access' ? { action: 'ignore' } : { action: 'remove' };
  return { action: 'update', permission: choice };
}
