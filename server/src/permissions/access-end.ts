import type { CollaboratorPermission, PermissionLevel } from '@deck/shared/api/contract';
import { opensByAddress, type AddressFacts } from './document-address';
import { COLLABORATOR_LEVEL, rank } from './levels';

/**
 * A collaborator's end of access (docs/decisions.md, *One clock; access that ends is checked on every request*).
 * End dates are for viewers and commenters: an editor's is never applied.
 */
export function keepsEndDate(permission: CollaboratorPermission): boolean {
  return permission !== 'editor';
}

/**
 * The end date a level change leaves on a grant: the one the change sets (null removes it), else none once the grant
 * is raised to editor. An end kept on an editor would come back unseen, maybe already past, when the level went down
 * again; as in Drive, raising a grant to editor drops its end. undefined: the end stays as it is.
 */
export function endAfterLevelChange(permission: CollaboratorPermission, current: Date | string | null, requested: Date | null | undefined): Date | null | undefined {
  if (requested !== undefined) return requested;
  return !keepsEndDate(permission) && current !== null ? null : undefined;
}

/**
 * What someone keeps once their grant has ended: what anyone has, the view of a document that opens by its own
 * address (an open one no protected link closes), else nothing. Their team's grant is apart (the level still counts it).
 */
export function levelAfterGrantEnds(doc: AddressFacts): PermissionLevel {
  return opensByAddress(doc) ? 'can_view' : 'no_access';
}

/**
 * Whether a grant's end takes anything away: a viewer of a document anyone opens keeps the same view, so nothing
 * ends for them. The share list says so instead of "Access ended", and no notice tells them their access ends.
 */
export function grantEndTakesAway(permission: CollaboratorPermission, doc: AddressFacts): boolean {
  return rank(COLLABORATOR_LEVEL[permission]) > rank(levelAfterGrantEnds(doc));
}
