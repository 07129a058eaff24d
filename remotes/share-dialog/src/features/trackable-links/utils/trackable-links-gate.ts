import type { PermissionFlags, PermissionLimit, PermissionValue, SchemaVersionName, TeamPolicy, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import { isAllowed, reachedLimit } from '@deck/shared/domains/privacy/permission-value';

/** Spec §2: the overview shows for PITCH, or for INFOGRAM with the analytics view-links switch on. */
export function showsTrackableLinks(type: SchemaVersionName, analyticsViewLinksSwitchOn: boolean): boolean {
  return type === 'PITCH' || (type === 'INFOGRAM' && analyticsViewLinksSwitchOn);
}

/** Spec §4: the button creates when there are no links, and manages them otherwise. */
export type TrackableLinksMode = 'create' | 'manage';
export const trackableLinksMode = (count: number): TrackableLinksMode => (count > 0 ? 'manage' : 'create');

export type TrackableLinksBlock =
  | { kind: 'closed' }
  | { kind: 'team' }
  | { kind: 'limit'; limit: PermissionLimit | null }
  | { kind: 'permission' };

export type TrackableLinksGate = { allowed: true } | ({ allowed: false } & TrackableLinksBlock);

export class InvalidTrackableLinksStateError extends Error {
  constructor(value: string) {
    super(`Invalid state: no reason known for a disabled trackable-links control (${value})`);
    this.name = 'InvalidTrackableLinksStateError';
  }
}

interface GateInput {
  privacy: UnifiedPrivacyValue;
  teamPolicy: TeamPolicy;
  permissions: PermissionFlags;
}

function blockOf(value: PermissionValue, input: GateInput, limit: PermissionLimit | undefined): TrackableLinksBlock {
  if (input.privacy === 'closed' || value === 'NOT_POSSIBLE') return { kind: 'closed' };
  if (value === 'NOT_ALLOWED_IN_ORG' || input.teamPolicy.disable_trackable_links) return { kind: 'team' };
  if (value === 'NOT_ALLOWED_LIMIT_REACHED' || value === 'NOT_ALLOWED_WITH_CURRENT_FEATURES') return { kind: 'limit', limit: limit ?? null };
  if (value === 'NOT_ALLOWED') return { kind: 'permission' };
  // Spec §8: an unknown reason for a disabled trackable-links control is an invalid state.
  throw new InvalidTrackableLinksStateError(value);
}

/**
 * Spec §5: creating is refused when privacy is closed, the organisation forbids it, or the link
 * limit is reached; the user may also simply lack the right.
 */
export function createLinkGate(input: GateInput): TrackableLinksGate {
  const permission = input.permissions.view_link_own_create;
  if (input.privacy === 'open' && isAllowed(permission)) return { allowed: true };
  return { allowed: false, ...blockOf(permission?.value ?? 'NOT_ALLOWED', input, reachedLimit(permission)) };
}

/** Managing needs the right to see one's own or all links of the document. */
export function manageLinksGate(input: GateInput): TrackableLinksGate {
  if (isAllowed(input.permissions.view_link_own_get) || isAllowed(input.permissions.view_link_all_get)) return { allowed: true };
  if (input.teamPolicy.disable_trackable_links || input.permissions.view_link_own_get?.value === 'NOT_ALLOWED_IN_ORG') {
    return { allowed: false, kind: 'team' };
  }
  return { allowed: false, kind: 'permission' };
}
