import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { decisionOf } from '@deck/shared/domains/privacy/refusal';
import { allowsOnlyResponsiveSize } from './embed-code';

/** Why the embed code is withheld, for the 'Not allowed to embed' message. */
export type EmbedBlock = 'only-collaborators' | 'team' | 'no-embeddable-view' | 'not-allowed';

export type EmbedAccess = { allowed: true } | { allowed: false; block: EmbedBlock };

/** The server's reason codes for the embed flag (server/src/permissions/flags.ts). */
const BLOCK_BY_CODE: Readonly<Record<string, EmbedBlock>> = {
  no_view_url: 'no-embeddable-view',
  embed_collaborators: 'only-collaborators',
  team_sharing: 'team',
};

/**
 * Spec §6, §8: the server's embed flag decides (the same rules as social sharing: a closed document is for
 * collaborators only, a team admin can switch sharing off, a type without a view URL has nothing to embed), and
 * the code of its reason says which. The server withholds embed_link wherever it refuses, so no working code
 * can be made then.
 */
export function embedAccess(privacy: UnifiedPrivacy, type: SchemaVersionName): EmbedAccess {
  const decision = decisionOf(privacy, 'embed');
  // An iframe needs the embed link; a design embeds through its view token.
  if (decision.allowed) return allowsOnlyResponsiveSize(type) || privacy.embed_link ? { allowed: true } : { allowed: false, block: 'not-allowed' };
  if (decision.code) return { allowed: false, block: BLOCK_BY_CODE[decision.code] ?? 'not-allowed' };
  // From a server that sends no code: its permission value.
  if (decision.value === 'NOT_ALLOWED_IN_ORG') return { allowed: false, block: 'team' };
  return { allowed: false, block: decision.value === 'NOT_POSSIBLE' || decision.value === 'NOT_ALLOWED' ? 'only-collaborators' : 'not-allowed' };
}
