import { opensByAddress, type AddressFacts } from './document-address';

/**
 * Whether a document may be shown embedded on another page (spec §6; its refusal, spec §8), and why not (docs/decisions.md, *Embed, social sharing,
 * referral*): a closed document is never embedded, nor one a protected link closes (document-address.ts), and the switch "disable sharing" of the document's owner's team
 * governs its embedding, whoever asks. The embed route (routes/embed.ts), which shows the document, and the dialog's
 * `embed` flag (flags.ts) both decide here.
 */
export function embeddingRefusal(doc: AddressFacts, ownerTeamDisablesSharing: boolean): 'closed' | 'team' | null {
  // Only a document that opens by its address for everyone is shown to every visitor of another page: an open one,
  // unless a protected link closes its address (document-address.ts).
  if (!opensByAddress(doc)) return 'closed';
  if (ownerTeamDisablesSharing) return 'team';
  return null;
}
