import type { PermissionKey, PermissionLimit, PermissionValue, UnifiedPrivacy } from '@deck/shared/api/contract';
import { decisionOf, type Decision } from '@deck/shared/domains/privacy/refusal';

/**
 * Why the server refused a trackable-link action (spec §5, §6, §8), from the code of its reason: the document's
 * type takes no trackable links, it is at 'Only individuals can access', the team switched trackable links off,
 * the plan's link limit is reached, analytics needs a licence, or the user lacks the right. The share page's
 * overview and the View links page read the same flags through here, so they never disagree.
 */
export type ViewLinkBlock =
  | { kind: 'unavailable'; message: string | null }
  | { kind: 'closed' }
  | { kind: 'team' }
  | { kind: 'limit'; limit: PermissionLimit | null }
  | { kind: 'licence' }
  | { kind: 'permission' };

export type ViewLinkGate = { allowed: true } | ({ allowed: false } & ViewLinkBlock);

export type Decided = Pick<UnifiedPrivacy, 'permissions' | 'permission_reasons' | 'permission_reason_codes'>;

export class InvalidViewLinkStateError extends Error {
  constructor(control: string, reason: string) {
    super(`Invalid state: no reason known why ${control} is disabled (${reason})`);
    this.name = 'InvalidViewLinkStateError';
  }
}

type Kind = ViewLinkBlock['kind'];

/** The server's reason codes for trackable-link flags (server/src/permissions/flags.ts). */
const KIND_BY_CODE: Readonly<Record<string, Kind>> = {
  links_unavailable: 'unavailable',
  links_closed: 'closed',
  analytics_closed: 'closed',
  links_team: 'team',
  links_limit: 'limit',
  analytics_paywall: 'licence',
  links_manage: 'permission',
};

/** From a server that sends no codes: its permission value. */
const KIND_BY_VALUE: Partial<Record<PermissionValue, Kind>> = {
  NOT_POSSIBLE: 'closed',
  NOT_ALLOWED_IN_ORG: 'team',
  NOT_ALLOWED_LIMIT_REACHED: 'limit',
  NOT_ALLOWED_WITH_CURRENT_FEATURES: 'licence',
  NOT_ALLOWED: 'permission',
};

/** Spec §8: an unknown reason for a disabled trackable-links control is an invalid state, never a silent guess. */
export function blockOf(control: string, decision: Extract<Decision, { allowed: false }>): ViewLinkBlock {
  const kind = (decision.code ? KIND_BY_CODE[decision.code] : undefined) ?? (decision.code ? undefined : KIND_BY_VALUE[decision.value]);
  switch (kind) {
    case 'unavailable':
      return { kind, message: decision.message };
    case 'limit':
      return { kind, limit: decision.limit };
    case undefined:
      throw new InvalidViewLinkStateError(control, decision.code ?? decision.value);
    default:
      return { kind };
  }
}

/** The server's decision on one trackable-link flag, as a gate. */
export function viewLinkGate(privacy: Decided, key: PermissionKey, control: string): ViewLinkGate {
  const decision = decisionOf(privacy, key);
  return decision.allowed ? { allowed: true } : { allowed: false, ...blockOf(control, decision) };
}

/**
 * Whether trackable links are offered on this document at all (spec §2: presentations, and designs while the
 * design analytics view-links switch is on): the server refuses creating one to everyone otherwise.
 */
export function trackableLinksOffered(privacy: Decided): boolean {
  const decision = decisionOf(privacy, 'view_link_own_create');
  return decision.allowed || decision.code !== 'links_unavailable';
}
