import { opensByAddress, type AddressFacts } from './document-address';

/**
 * Whether a document may be shown embedded on another page (spec §6; its refusal, spec §8), and why not (docs/decisions.md, *Embed, social sharing,
 * referral*): a closed document is never embedded, nor one a protected link closes (document-address.ts), and the switch "disable sharing" of the document's owner's team
 * governs its embedding, whoever asks. The embed route (routes/embed.ts), which shows the document, and the dialog's
 * `embed` flag (flags.ts) both decide here.
 */
export function embeddingRefusal(doc: AddressFacts, ownerTeamDisablesSharing: boolean): 'closed' | 'team' | null {
  if (doc.privacy !== 'open') return 'closed';
  // A document whose own address opens only for people with a grant (a protected link) is not shown to every visitor of another page.
  if (!opensByAddress(doc)) return 'closed';
  if (ownerTeamDisablesSharing) return 'team';
  return null;
}
