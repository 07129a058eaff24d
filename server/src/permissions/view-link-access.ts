import type { PermissionLevel, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import type { Decision } from './flags';
import { mayEdit } from './document-rules';

/**
 * Whether holding a view link (trackable or unlisted) gives access to its document right now.
 *
 * A link is an extension of 'Anyone with the link can view': it never opens a closed document.
 * Closing a document also revokes its unlisted link (see the privacy route), so reopening does not
 * bring an old link back; this check is the second line that holds on every path even for a link
 * that escaped revocation (data from before the rule, a race with the close). A link past its expiry
 * answers like a deactivated one (view-link controls), read against the server's one clock (clock.ts).
 */
export function viewLinkGrantsAccess(link: { revoked: boolean; expires_at: Date | null }, doc: { privacy: UnifiedPrivacyValue }, now: Date): boolean {
  return viewLinkRefusal(link, doc, now) === null;
}

/**
 * Why a link gives no access now, or null when it does: 'deactivated' for a revoked link or one of a closed
 * document (the two answer alike: a closed document's link is gone, spec §4), 'expired' past its end date.
 * The one check behind the recipient routes, the reads through a link and the pages' status.
 */
export function viewLinkRefusal(
  link: { revoked: boolean; expires_at: Date | null },
  doc: { privacy: UnifiedPrivacyValue },
  now: Date,
): 'deactivated' | 'expired' | null {
  if (link.revoked || doc.privacy !== 'open') return 'deactivated';
  if (viewLinkExpired(link, now)) return 'expired';
  return null;
}

export function viewLinkExpired(link: { expires_at: Date | null }, now: Date): boolean {
  return link.expires_at !== null && new Date(link.expires_at).getTime() <= now.getTime();
}

/**
 * Deactivating one's own link: the spec's flag while the creator still manages links on the document;
 * a creator who lost that right (removed, or lowered below editor) may still withdraw what they shared,
 * which only takes access away (docs/decisions.md).
 */
export function ownLinkDeactivation(level: PermissionLevel, decisions: { view_link_own_delete: Decision }): Decision {
  return mayEdit(level) ? decisions.view_link_own_delete : { value: 'ALLOWED' };
}
