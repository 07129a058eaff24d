import type { UnifiedPrivacy, UnifiedPrivacyUpdate } from '@deck/shared/api/contract';

/**
 * A change that shows the document to more people, or takes back its publication, and so is asked
 * about first:
 * - 'open': 'Only individuals can access' → 'Anyone with the link can view';
 * - 'open-and-create-link': the same, asked for by the trackable-links offer, which then creates a link;
 * - 'publish': into the public gallery, where search engines find it;
 * - 'close-published': 'Only individuals can access' on a published document, which also unpublishes it;
 * - 'unpublish': out of the public gallery.
 */
export type PrivacyConfirmation = 'open' | 'open-and-create-link' | 'publish' | 'close-published' | 'unpublish';

/** Which confirmation, if any, the update of the document's current settings needs. */
export function confirmationFor(privacy: UnifiedPrivacy, update: UnifiedPrivacyUpdate, createsLink = false): PrivacyConfirmation | null {
  const opens = update.unified_privacy === 'open' && privacy.unified_privacy === 'closed';
  if (opens) return createsLink ? 'open-and-create-link' : 'open';
  if (update.unified_privacy === 'closed' && privacy.unified_privacy === 'open') return privacy.is_published ? 'close-published' : null;
  if (update.published === true && !privacy.is_published) return 'publish';
  if (update.published === false && privacy.is_published) return 'unpublish';
  return null;
}
