import type { Permission, PermissionFlags, PermissionLimit, UnifiedPrivacyValue, ViewLink } from '@deck/shared/api/contract';
import { isAllowed, reachedLimit } from '@deck/shared/domains/privacy/permission-value';

/**
 * Why a trackable-link control is disabled (spec §5, §6, §8): the document is at 'Only individuals
 * can access', the team switched trackable links off, the plan's link limit is reached, the action
 * needs a licence, or the user lacks the right.
 */
export type ViewLinkBlock =
  | { kind: 'closed' }
  | { kind: 'team' }
  | { kind: 'limit'; limit: PermissionLimit | null }
  | { kind: 'licence' }
  | { kind: 'permission' };

export type ViewLinkGate = { allowed: true } | ({ allowed: false } & ViewLinkBlock);

export class InvalidViewLinkStateError extends Error {
  constructor(control: string, value: string) {
    super(`Invalid state: no reason known why ${control} is disabled (${value})`);
    this.name = 'InvalidViewLinkStateError';
  }
}

export interface GateInput {
  privacy: UnifiedPrivacyValue;
  permissions: PermissionFlags;
}

const ALLOWED: ViewLinkGate = { allowed: true };

/** Spec §8: an unknown reason for a disabled trackable-links control is an invalid state, never a silent guess. */
function blockOf(control: string, permission: Permission | undefined): ViewLinkBlock {
  const value = permission?.value ?? 'NOT_ALLOWED';
  switch (value) {
    case 'NOT_POSSIBLE':
      return { kind: 'closed' };
    case 'NOT_ALLOWED_IN_ORG':
      return { kind: 'team' };
    case 'NOT_ALLOWED_LIMIT_REACHED':
      return { kind: 'limit', limit: reachedLimit(permission) ?? null };
    case 'NOT_ALLOWED_WITH_CURRENT_FEATURES':
      return { kind: 'licence' };
    case 'NOT_ALLOWED':
      return { kind: 'permission' };
    default:
      throw new InvalidViewLinkStateError(control, value);
  }
}

function gate(control: string, permission: Permission | undefined): ViewLinkGate {
  return isAllowed(permission) ? ALLOWED : { allowed: false, ...blockOf(control, permission) };
}

/**
 * Spec §5: the create button is disabled when privacy is closed, the organisation forbids it, or the
 * link limit is reached (where limits apply, one existing link turns create into limit-reached).
 */
export function createLinkGate({ privacy, permissions }: GateInput): ViewLinkGate {
  const result = gate('the create-link button', permissions.view_link_own_create);
  // A closed document never takes trackable links, whatever a stale flag says.
  if (result.allowed && privacy === 'closed') return { allowed: false, kind: 'closed' };
  return result;
}

/** The analytics toggle of a new link: its own flag, after the create flag. */
export function createAnalyticsGate(input: GateInput): ViewLinkGate {
  const create = createLinkGate(input);
  if (!create.allowed) return create;
  return gate('the analytics toggle', input.permissions.view_link_own_create_with_analytics);
}

const updateFlag = (link: ViewLink, permissions: PermissionFlags) => (link.is_owner ? permissions.view_link_own_update : permissions.view_link_all_update);
const deleteFlag = (link: ViewLink, permissions: PermissionFlags) => (link.is_owner ? permissions.view_link_own_delete : permissions.view_link_all_delete);

/** Renaming and changing the settings of one link: the server's per-link answer, explained by the own/all flag. */
export function updateLinkGate(link: ViewLink, permissions: PermissionFlags): ViewLinkGate {
  if (link.permissions.can_update) return ALLOWED;
  const explained = gate('the link settings', updateFlag(link, permissions));
  return explained.allowed ? { allowed: false, kind: 'permission' } : explained;
}

/**
 * Turning analytics on for an existing link. Turning it off needs only the update right. The
 * document owner changing someone else's link needs the all-links right and an analytics licence.
 */
export function updateAnalyticsGate(link: ViewLink, { permissions }: GateInput): ViewLinkGate {
  const update = updateLinkGate(link, permissions);
  if (!update.allowed) return update;
  return gate('the analytics toggle', permissions.view_link_own_update_with_analytics);
}

export function deactivateLinkGate(link: ViewLink, permissions: PermissionFlags): ViewLinkGate {
  if (link.permissions.can_delete) return ALLOWED;
  const explained = gate('deactivation', deleteFlag(link, permissions));
  return explained.allowed ? { allowed: false, kind: 'permission' } : explained;
}
