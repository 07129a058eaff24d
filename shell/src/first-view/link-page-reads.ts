import { sessionResource } from '@deck/shared/api/session-resource';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { demoListing } from '../api/demo-listing';
import { linkOpening, linkOpeningRefusal } from '../pages/link/api/link-opening';
import type { FirstViewData } from '@deck/shared/first-view/first-view-contract';
import { readAll, type ServerRead } from './first-view-reads';

// The server's reads of a link's page, apart from first-view-reads.ts, which the page's own script carries.

/** A link's opening refused as a state the page shows: unknown or malformed, closed, expired, or locked (403 with its lock's code). */
const shownRefusal = (status: number) => status === 400 || status === 403 || status === 404 || status === 410;

/**
 * A trackable link's page (docs/architecture.md, "A trackable link's page"): the link's opening in whatever state it
 * answers, and, once it shows the document, the view page's reads through the link. Nothing of a document is read
 * unless the link opens it to this visitor.
 */
export async function readLinkPage(linkId: string, read: ServerRead): Promise<FirstViewData['resources'] | null> {
  const opening = linkOpening(linkId);
  const answer = await read(opening.request);
  if (answer.status !== 200) {
    if (!shownRefusal(answer.status)) return null;
    return { [linkOpeningRefusal(linkId)]: { status: answer.status, data: answer.data } };
  }
  const link = answer.data as ViewLinkOpening;
  // The identification form is prefilled for a signed-in viewer; the view page reads the document through the link.
  const rest = await readAll(
    link.viewer_identification ? [sessionResource] : [viewedDocument({ oid: link.presentation_oid, viewLinkId: linkId }), sessionResource, demoListing],
    read,
  );
  if (!rest) return null;
  return { [opening.key]: link, ...rest };
}

