import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB, ViewLinkRow } from '../db/schema';
import type { Db } from '../services/users';

/** A link with its creator's oid and name and its document's oid. */
export type LinkWithSharer = ViewLinkRow & { owner_oid: string; first_name: string; last_name: string; presentation_oid: string };

/** Links (of documents not in the trash) with their creator and document. */
export function linkQuery(db: Db) {
  return db
    .selectFrom('view_links as l')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .selectAll('l')
    .select(['u.oid as owner_oid', 'u.first_name', 'u.last_name', 'd.oid as presentation_oid'])
    .where('d.deleted_at', 'is', null);
}

/** The document's one active (not revoked) unlisted link, if it has one. */
export function findUnlistedLink(db: Db, documentId: number) {
  return db
    .selectFrom('view_links')
    .select('link_id')
    .where('document_id', '=', documentId)
    .where('is_unlisted', '=', true)
    .where('revoked', '=', false)
    .executeTakeFirst();
}

/** The listed links of a document that are not revoked, oldest first: all, or only one creator's; optionally only one sharer's (by oid). */
export function documentLinks(db: Db, documentId: number, filter: { ownerId?: number; ownerOid?: string }): Promise<LinkWithSharer[]> {
  let q = linkQuery(db).where('l.document_id', '=', documentId).where('l.revoked', '=', false).where('l.is_unlisted', '=', false);
  if (filter.ownerId !== undefined) q = q.where('l.owner_id', '=', filter.ownerId);
  if (filter.ownerOid !== undefined) q = q.where('u.oid', '=', filter.ownerOid);
  return q.orderBy('l.created_at', 'asc').orderBy('l.id', 'asc').execute();
}

/** A user's own listed links that are not revoked, on every document, oldest first. */
export function linksOfOwner(db: Db, ownerId: number): Promise<LinkWithSharer[]> {
  return linkQuery(db)
    .where('l.owner_id', '=', ownerId)
    .where('l.revoked', '=', false)
    .where('l.is_unlisted', '=', false)
    .orderBy('l.created_at', 'asc')
    .orderBy('l.id', 'asc')
    .execute();
}

/** A listed link by its id (locked when `forUpdate`). */
export function findListedLink(db: Db, linkId: string, forUpdate: boolean): Promise<LinkWithSharer | undefined> {
  let q = linkQuery(db).where('l.link_id', '=', linkId).where('l.is_unlisted', '=', false);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function linkByLinkId(db: Db, linkId: string): Promise<LinkWithSharer> {
  return linkQuery(db).where('l.link_id', '=', linkId).executeTakeFirstOrThrow();
}

export function linkById(db: Db, id: number): Promise<LinkWithSharer> {
  return linkQuery(db).where('l.id', '=', id).executeTakeFirstOrThrow();
}

export async function insertViewLink(db: Db, row: Insertable<DB['view_links']>): Promise<void> {
  await db.insertInto('view_links').values(row).execute();
}

export async function updateViewLink(db: Db, id: number, change: Updateable<DB['view_links']>): Promise<void> {
  await db.updateTable('view_links').set(change).where('id', '=', id).execute();
}

/** Revokes the document's active unlisted link; false when it has none. */
export async function revokeUnlistedLink(db: Db, documentId: number): Promise<boolean> {
  const res = await db
    .updateTable('view_links')
    .set({ revoked: true })
    .where('document_id', '=', documentId)
    .where('is_unlisted', '=', true)
    .where('revoked', '=', false)
    .returning('id')
    .execute();
  return res.length > 0;
}

/** Deletes the visits recorded through a link, and the PDFs it handed out (its data, spec §4). */
export async function deleteLinkVisits(db: Db, viewLinkId: number): Promise<void> {
  await db.deleteFrom('view_link_visits').where('view_link_id', '=', viewLinkId).execute();
  await db.deleteFrom('link_downloads').where('view_link_id', '=', viewLinkId).execute();
}

/**
 * The block lists of the teams whose rules hold on a link (its document's owner's team and its creator's, as
 * linkRulesFor), together: `l` is the link, `d` its document.
 */
const teamBlockedViewers = sql<string[]>`coalesce((select array_agg(distinct e) from teams t cross join unnest(t.blocked_viewers) as e
  where t.id in (select team_id from users where id in (d.owner_id, l.owner_id))), '{}'::text[])`.as('team_blocked_viewers');

/** A trackable (not unlisted) or unlisted link with its document and creator, by its public id. */
function recipientLinkQuery(db: Db, linkId: string) {
  return db
    .selectFrom('view_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    .selectAll('l')
    .select(['d.oid as presentation_oid', 'd.title as document_title', 'd.owner_id as document_owner_id', 'd.privacy', 'u.first_name', 'u.last_name'])
    // Where the link's notes go when it is opened (services/link-open-notices.ts).
    .select(['u.email as creator_email', 'u.locale as creator_locale', 'u.time_zone as creator_time_zone'])
    .select(teamBlockedViewers)
    .where('l.link_id', '=', linkId)
    .where('d.deleted_at', 'is', null);
}

/** The link a recipient opens (by its public id), with its document and creator; locked when `forUpdate`. */
export function findRecipientLink(db: Db, linkId: string, options: { forUpdate?: boolean; listedOnly?: boolean } = {}) {
  let q = recipientLinkQuery(db, linkId);
  if (options.listedOnly) q = q.where('l.is_unlisted', '=', false);
  if (options.forUpdate) q = q.forUpdate('l');
  return q.executeTakeFirst();
}

/** What decides whether a link opens (its state, its protection, its document's privacy), by its public id. */
export function findLinkGate(db: Db, linkId: string) {
  return db
    .selectFrom('view_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['l.document_id', 'l.link_id', 'l.revoked', 'l.expires_at', 'l.passcode_hash', 'l.allowed_viewers', 'l.require_verification', 'l.blocked_viewers', 'l.is_unlisted', 'd.privacy'])
    .select(teamBlockedViewers)
    .where('l.link_id', '=', linkId)
    .executeTakeFirst();
}
