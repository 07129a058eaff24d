import type { UnifiedPrivacyValue } from '@deck/shared/api/contract';

/**
 * Whether a document may be shown embedded on another page (spec §6; its refusal, spec §8), and why not (docs/decisions.md, *Embed, social sharing,
 * referral*): a closed document is never embedded, and the switch "disable sharing" of the document's owner's team
 * governs its embedding, whoever asks. The embed route (routes/embed.ts), which shows the document, and the dialog's
 * `embed` flag (flags.ts) both decide here.
 */
export function embeddingRefusal(doc: { privacy: UnifiedPrivacyValue }, ownerTeamDisablesSharing: boolean): 'closed' | 'team' | null {
  if (doc.privacy !== 'open') return 'closed';
  if (ownerTeamDisablesSharing) return 'team';
  return null;
}
