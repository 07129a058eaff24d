import type { Resource } from '@deck/shared/api/resource-slice';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { viewLinkApiPath } from '@deck/shared/domains/view-links/view-link-calls';

/**
 * The opening of a trackable link, read through the small data path like the view page's document, so the
 * server's first view can carry it (its refusal too: unknown, closed, expired, locked) and the page reads none
 * of it again (docs/architecture.md, "A trackable link's page").
 */
export function linkOpening(linkId: string): Resource<ViewLinkOpening> {
  return { key: `link-opening/${linkId}`, request: { url: viewLinkApiPath(linkId, 'open') } };
}
