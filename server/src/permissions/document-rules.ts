import type { PermissionLevel } from '@deck/shared/api/contract';
import { canViewDocument, type AddressFacts } from './document-address';
import { rank } from './levels';

/*
 * The document rules that rest on the user's level (spec §4 and §6). Routes, services and the live stream ask
 * these by name; none compares levels itself (scripts/deps.ts fails on a level comparison in a route file).
 */

/** Someone with a level on the document (view or above), as opposed to a visitor of an open one. */
export function hasCollaboratorLevel(level: PermissionLevel): boolean {
  return rank(level) >= rank('can_view');
}

export function mayComment(level: PermissionLevel): boolean {
  return rank(level) >= rank('can_comment');
}

/** Owner or editor: changes the document's content, details, tags and relations, and manages links. */
export function mayEdit(level: PermissionLevel): boolean {
  return rank(level) >= rank('can_edit');
}

/** The user's permissions on a document as the permission lookups answer them. */
export function userPermissions(level: PermissionLevel, doc: AddressFacts) {
  return {
    can_view: canViewDocument(level, doc),
    can_comment: mayComment(level),
    can_edit: mayEdit(level),
    is_owner: level === 'owner',
    level,
  };
}

/**
 * The id lookup finds only a published document or one the caller has a level on: ids are sequential, so
 * counting them must not find the documents only "anyone with the link" may view.
 */
export function mayFindById(ctx: { canView: boolean; level: PermissionLevel; doc: { published: boolean } }): boolean {
  return ctx.canView && (ctx.doc.published || hasCollaboratorLevel(ctx.level));
}

/** Spec §6: non-reusable shared documents cannot be reused by recipients; their editors may still relate them. */
export function mayReuseAsParent(parent: { level: PermissionLevel; doc: { reusable: boolean } }): boolean {
  return mayEdit(parent.level) || parent.doc.reusable;
}

/** Whoever edits either document may remove a relation between them. */
export function mayRemoveRelation(parent: { level: PermissionLevel }, child: { level: PermissionLevel }): boolean {
  return mayEdit(parent.level) || mayEdit(child.level);
}

/** A link's name is for those who manage links (spec §4): a live stream shows link entries to others without it. */
export function seesLinkNames(level: PermissionLevel): boolean {
  return mayEdit(level);
}

/**
 * The document's owner, or an admin of the owner's team: who reads a document's sharing log (its activity page, and
 * a live stream's catch-up of what happened before it opened) and who curates it.
 */
export function isOwnerOrOwnerTeamAdmin(
  ctx: { level: PermissionLevel; owner: { team_id: number | null } },
  user: { is_team_admin: boolean; team_id: number | null },
): boolean {
  return ctx.level === 'owner' || (user.is_team_admin && user.team_id !== null && user.team_id === ctx.owner.team_id);
}
