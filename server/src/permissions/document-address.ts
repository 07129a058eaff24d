import type { AddressProtection, PermissionLevel, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import { rank } from './levels';

/** What decides whether a document opens by its own address (`/view/<oid>`, the document API, the first view). */
export interface AddressFacts {
  privacy: UnifiedPrivacyValue;
  published: boolean;
  /** A live trackable link of the document has a passcode, an expiry date or an allow list (migration 0020). */
  link_protected: boolean;
}

/**
 * Whether someone without a grant opens the document by its own address (docs/decisions.md, *Protected trackable
 * links*): an open document does, unless one of its trackable links is protected. The protection would be worth
 * nothing if the document it protects opened for anyone who once saw its address (through the link). A published
 * document stays open: the owner chose to show it to everyone in the gallery.
 */
export function opensByAddress(doc: AddressFacts): boolean {
  return doc.privacy === 'open' && (doc.published || !doc.link_protected);
}

/**
 * Who views a document: whoever has a level on it (owner, collaborator, the team's grant), and anyone else while
 * it opens by its address. A protected link's holder reads through the link (its `auth_key`), not through this.
 */
export function canViewDocument(level: PermissionLevel, doc: AddressFacts): boolean {
  return rank(level) >= rank('can_view') || opensByAddress(doc);
}

/**
 * What protecting a link does to the document's own address, as the share dialog says it: 'protected' while a
 * protected link closes it, 'closes' when protecting one would, 'public' when it stays open to everyone (published),
 * 'none' for a closed document (which has no trackable links).
 */
export function addressProtection(doc: AddressFacts): AddressProtection {
  if (doc.privacy !== 'open') return 'none';
  if (doc.published) return 'public';
  return doc.link_protected ? 'protected' : 'closes';
}
