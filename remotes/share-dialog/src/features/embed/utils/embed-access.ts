import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { allowsOnlyResponsiveSize } from './embed-code';

/** Why the embed code is withheld, for the 'Not allowed to embed' message. */
export type EmbedBlock = 'only-collaborators' | 'team' | 'no-embeddable-view' | 'not-allowed';

export type EmbedAccess = { allowed: true } | { allowed: false; block: EmbedBlock };

/**
 * Spec §6, §8: the same rules as social sharing (the server's embed flag): a closed document is for
 * collaborators only, a team admin can switch sharing off, and a type without a view URL has nothing
 * to embed. The server withholds embed_link wherever it refuses, so no working code can be made then.
 */
export function embedAccess(privacy: UnifiedPrivacy, type: SchemaVersionName): EmbedAccess {
  const permission = privacy.permissions?.embed;
  // Only PITCH and INFOGRAM have a view URL; without one no access setting would help.
  if (!privacy.view_link) return { allowed: false, block: 'no-embeddable-view' };
  // An iframe needs the embed link; a design embeds through its view token.
  if (isAllowed(permission) && (allowsOnlyResponsiveSize(type) || privacy.embed_link)) return { allowed: true };
  if (permission?.value === 'NOT_ALLOWED_IN_ORG' || privacy.team_policy.disable_sharing) return { allowed: false, block: 'team' };
  if (privacy.unified_privacy === 'closed') return { allowed: false, block: 'only-collaborators' };
  return { allowed: false, block: 'not-allowed' };
}
