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
  return !link.revoked && !viewLinkExpired(link, now) && doc.privacy === 'open';
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
