import type { UnifiedPrivacyValue } from '@deck/shared/api/contract';

/**
 * Whether holding a view link (trackable or unlisted) gives access to its document right now.
 *
 * A link is an extension of 'Anyone with the link can view': it never opens a closed document.
 * Closing a document also revokes its unlisted link (see the privacy route), so reopening does not
 * bring an old link back; this check is the second line that holds on every path even for a link
 * that escaped revocation (data from before the rule, a race with the close).
 */
export function viewLinkGrantsAccess(link: { revoked: boolean }, doc: { privacy: UnifiedPrivacyValue }): boolean {
  return !link.revoked && doc.privacy === 'open';
}
