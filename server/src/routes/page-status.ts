import type { Database } from '../db/database';
import { readCacheOf } from '../db/read-cache';
import { liveDocumentId } from '../repositories/documents';
import { viewLinkGrantsAccess } from '../permissions/view-link-access';
import { findRecipientLink } from '../repositories/view-links';

/** The same shape as the API's identifiers: anything else names nothing, and is not looked up. */
const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The HTTP status of a page that names a document or a view link, as the API would answer for it: 404 when
 * there is no such document (never made, or deleted) or link, 410 for a link that no longer gives access, else
 * 200. The shell's page says the same in the visitor's language; the status tells crawlers, caches and link
 * checkers. It reveals nothing the API does not: a document a visitor may not open still answers 200, its page
 * then asks them to sign in or request access.
 */
export function pageStatusResolver(db: Database, now: () => Date) {
  const cache = readCacheOf(db);
  // A document that exists is remembered until its row changes (its `d:` notice, a move to the trash included),
  // so a deck that goes viral costs its page no statement once warm; an unknown oid is asked every time (one made
  // later must not stay a 404).
  const documentStatus = async (oid: string | undefined) => {
    if (!oid || !IDENTIFIER.test(oid)) return 404;
    const ticket = cache?.begin() ?? null;
    const key = `exists|${oid}`;
    if (cache?.get<true>(ticket, key)) return 200;
    const id = await liveDocumentId(db, oid);
    if (id === null) return 404;
    cache?.set(ticket, key, true, [`d:${id}`]);
    return 200;
  };
  const linkStatus = async (linkId: string | undefined) => {
    if (!linkId || !IDENTIFIER.test(linkId)) return 404;
    const link = await findRecipientLink(db, linkId);
    if (!link) return 404;
    return viewLinkGrantsAccess(link, link, now()) ? 200 : 410;
  };
  const byPage: Record<string, (params: Record<string, string | undefined>) => Promise<number>> = {
    '/view/:oid': (params) => documentStatus(params.oid),
    '/editor/:oid': (params) => documentStatus(params.oid),
    '/l/:linkId': (params) => linkStatus(params.linkId),
  };
  return (page: string, params: Record<string, string | undefined>): Promise<number> => byPage[page]?.(params) ?? Promise.resolve(200);
}
