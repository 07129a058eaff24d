import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { allowsOnlyResponsiveSize } from './embed-code';

/** Why the embed code is withheld, for the 'Not allowed to embed' message. */
export type EmbedBlock = 'only-collaborators' | 'team' | 'no-embeddable-view' | 'not-allowed';

export type EmbedAccess = { allowed: true } | { allowed: false; block: EmbedBlock };

/**
 * Spec §6: embedding needs access to embed_link. A closed document is for collaborators only;
 * a team admin can switch sharing off; a type without an embed link has nothing to embed.
 */
export function embedAccess(privacy: UnifiedPrivacy, type: SchemaVersionName): EmbedAccess {
  const permission = privacy.permissions?.embed;
  // An iframe needs the embed link; a type without one (no view URL) has nothing to embed.
  if (!allowsOnlyResponsiveSize(type) && !privacy.embed_link) return { allowed: false, block: 'no-embeddable-view' };
  if (isAllowed(permission)) return { allowed: true };
  if (permission?.value === 'NOT_ALLOWED_IN_ORG' || privacy.team_policy.disable_sharing) return { allowed: false, block: 'team' };
  if (privacy.unified_privacy === 'closed') return { allowed: false, block: 'only-collaborators' };
  return { allowed: false, block: 'not-allowed' };
}
