import type { ViewLink } from '@deck/shared/api/contract';
import { viewLinkGate, type Decided, type ViewLinkGate } from '@deck/shared/domains/view-links/view-link-refusal';

export { InvalidViewLinkStateError, type ViewLinkBlock, type ViewLinkGate } from '@deck/shared/domains/view-links/view-link-refusal';

/** The document's unified privacy as far as the gates read it: the server's flags and the codes of its reasons. */
export type GateInput = Decided;

const ALLOWED: ViewLinkGate = { allowed: true };

/**
 * Spec §5: the create button is disabled when privacy is closed, the organisation forbids it, or the link
 * limit is reached (where limits apply, one existing link turns create into limit-reached); the server also
 * refuses it on a type without trackable links. All of that is the server's create flag.
 */
export function createLinkGate(privacy: GateInput): ViewLinkGate {
  return viewLinkGate(privacy, 'view_link_own_create', 'the create-link button');
}

/** The analytics toggle of a new link: its own flag, after the create flag. */
export function createAnalyticsGate(privacy: GateInput): ViewLinkGate {
  const create = createLinkGate(privacy);
  if (!create.allowed) return create;
  return viewLinkGate(privacy, 'view_link_own_create_with_analytics', 'the analytics toggle');
}

const updateKey = (link: ViewLink) => (link.is_owner ? 'view_link_own_update' : 'view_link_all_update');
const deleteKey = (link: ViewLink) => (link.is_owner ? 'view_link_own_delete' : 'view_link_all_delete');

/** Renaming and changing the settings of one link: the server's per-link answer, explained by the own/all flag. */
export function updateLinkGate(link: ViewLink, privacy: GateInput): ViewLinkGate {
  if (link.permissions.can_update) return ALLOWED;
  const explained = viewLinkGate(privacy, updateKey(link), 'the link settings');
  return explained.allowed ? { allowed: false, kind: 'permission' } : explained;
}

/**
 * Turning analytics on for an existing link. Turning it off needs only the update right. The
 * document owner changing someone else's link needs the all-links right and an analytics licence.
 */
export function updateAnalyticsGate(link: ViewLink, privacy: GateInput): ViewLinkGate {
  const update = updateLinkGate(link, privacy);
  if (!update.allowed) return update;
  return viewLinkGate(privacy, 'view_link_own_update_with_analytics', 'the analytics toggle');
}

export function deactivateLinkGate(link: ViewLink, privacy: GateInput): ViewLinkGate {
  if (link.permissions.can_delete) return ALLOWED;
  const explained = viewLinkGate(privacy, deleteKey(link), 'deactivation');
  return explained.allowed ? { allowed: false, kind: 'permission' } : explained;
}
