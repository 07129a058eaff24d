import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { viewLinkGate, type Decided, type ViewLinkGate } from '@deck/shared/domains/view-links/view-link-refusal';

export { InvalidViewLinkStateError as InvalidTrackableLinksStateError } from '@deck/shared/domains/view-links/view-link-refusal';

/** Spec §4: the button creates when there are no links, and manages them otherwise. */
export type TrackableLinksMode = 'create' | 'manage';
export const trackableLinksMode = (count: number): TrackableLinksMode => (count > 0 ? 'manage' : 'create');

export type TrackableLinksGate = ViewLinkGate;

/**
 * Spec §5: creating is refused when privacy is closed, the organisation forbids it, or the link limit is
 * reached; the user may also simply lack the right. The server's create flag says which (by its code), the
 * same flag the View links page reads.
 */
export function createLinkGate(privacy: Decided): TrackableLinksGate {
  return viewLinkGate(privacy, 'view_link_own_create', 'the create-link button');
}

/** Managing needs the right to see one's own or all links of the document; refused, the own flag says why. */
export function manageLinksGate(privacy: Decided): TrackableLinksGate {
  if (isAllowed(privacy.permissions?.view_link_own_get) || isAllowed(privacy.permissions?.view_link_all_get)) return { allowed: true };
  return viewLinkGate(privacy, 'view_link_own_get', 'the manage-links button');
}
