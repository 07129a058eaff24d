import type { PermissionFlags, PermissionKey, UnifiedPrivacy } from '@deck/shared/api/contract';
import { decisionOf } from '@deck/shared/domains/privacy/refusal';

/** Why the server refused adding people or changing the team's access: the team admin, or the user's own right. */
export type SharingRefusal = 'team' | 'right';

/** The server's reason codes that mean the team admin switched sharing off (server/src/permissions/flags.ts). */
const TEAM_CODES: ReadonlySet<string> = new Set(['team_sharing']);

/**
 * Spec §6, §8: the server's reason for refusing `key`, by its code; from a server that sent no code, by the
 * permission value it sent. Nothing here looks at who the user is: the server decided that.
 */
export function sharingRefusal(
  flags: PermissionFlags | undefined,
  reasonCodes: UnifiedPrivacy['permission_reason_codes'],
  key: PermissionKey,
): SharingRefusal {
  const decision = decisionOf({ permissions: flags, permission_reason_codes: reasonCodes }, key);
  if (decision.allowed) return 'right';
  if (decision.code) return TEAM_CODES.has(decision.code) ? 'team' : 'right';
  return decision.value === 'NOT_ALLOWED_IN_ORG' ? 'team' : 'right';
}
