import type { Decision } from './flags';
import { coded } from './messages';
import { RECIPIENT_MESSAGES } from '../messages/recipient';

/** What decides whether a visitor the link already opens for (link-gate.ts) may take its slides away as a PDF. */
export interface LinkDownloadFacts {
  allow_download: boolean;
  /** The unlisted link is no trackable link: it carries no controls, and hands out no PDF. */
  is_unlisted: boolean;
  viewer_identification: boolean;
}

/**
 * Whether the link's page offers its PDF and the server hands it out (docs/decisions.md, *Download control and
 * watermark*): only a trackable link whose owner allowed it, and, on a link that asks visitors who they are, only
 * once this visitor's open was recorded with their name (the PDF carries it, as the page's watermark does). The
 * gate of the view itself (live, unlocked, verified, not blocked) is link-gate.ts's and comes first.
 */
export function decideLinkDownload(link: LinkDownloadFacts, visitor: { identified: boolean }): Decision {
  if (link.is_unlisted || !link.allow_download) return { value: 'NOT_ALLOWED', reason: coded(RECIPIENT_MESSAGES, 'downloadForbidden') };
  if (link.viewer_identification && !visitor.identified) return { value: 'NOT_ALLOWED', reason: coded(RECIPIENT_MESSAGES, 'downloadNeedsIdentification') };
  return { value: 'ALLOWED' };
}

