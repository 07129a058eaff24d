import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { decisionOf } from '@deck/shared/domains/privacy/refusal';

/** Why social sharing is off, each with its own explanation. */
export type ShareBlock = 'needs-open-link' | 'team' | 'no-view-link';

export type ShareAccess = { allowed: true } | { allowed: false; block: ShareBlock };

/** The server's reason codes for the social_share flag (server/src/permissions/flags.ts). */
const BLOCK_BY_CODE: Readonly<Record<string, ShareBlock>> = {
  no_view_url: 'no-view-link',
  social_closed: 'needs-open-link',
  team_sharing: 'team',
};

/**
 * Spec §5: social sharing needs 'Anyone with the link can view'; a team admin may switch sharing off, and a
 * type without a view URL has nothing to post. The server's social_share flag decides, its reason code says which.
 */
export function shareAccess(privacy: UnifiedPrivacy): ShareAccess {
  const decision = decisionOf(privacy, 'social_share');
  if (decision.allowed) return privacy.view_link ? { allowed: true } : { allowed: false, block: 'no-view-link' };
  const byCode = decision.code ? BLOCK_BY_CODE[decision.code] : undefined;
  // From a server that sends no code: its permission value.
  return { allowed: false, block: byCode ?? (decision.value === 'NOT_ALLOWED_IN_ORG' ? 'team' : 'needs-open-link') };
}
