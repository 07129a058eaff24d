import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';

/** Why social sharing is off, each with its own explanation. */
export type ShareBlock = 'needs-open-link' | 'team' | 'no-view-link';

export type ShareAccess = { allowed: true } | { allowed: false; block: ShareBlock };

/**
 * Spec §5: social sharing needs 'Anyone with the link can view' (the server's social_share flag).
 * A team admin may switch sharing off, and a type without a view URL has nothing to post.
 */
export function shareAccess(privacy: UnifiedPrivacy): ShareAccess {
  const permission = privacy.permissions?.social_share;
  // Only PITCH and INFOGRAM have a view URL; without one no access setting would help.
  if (!privacy.view_link) return { allowed: false, block: 'no-view-link' };
  if (isAllowed(permission)) return { allowed: true };
  const team = permission?.value === 'NOT_ALLOWED_IN_ORG' || privacy.team_policy.disable_sharing;
  return { allowed: false, block: team ? 'team' : 'needs-open-link' };
}
