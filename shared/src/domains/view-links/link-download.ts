/**
 * A trackable link's download control and watermark (docs/decisions.md, *Download control and watermark*): the
 * address of the link's PDF, the code of its refusal, and the watermark's texts, defined once for the link's page
 * and the reference server (which writes the same watermark on each page of the PDF).
 */

/** GET: the link's slides as a PDF, one page per slide, for a visitor the link opens for and lets download. */
export const linkDownloadPath = (linkId: string, openId: string, timeZone: string) =>
  `/api/v1/prezilink/${encodeURIComponent(linkId)}/download.pdf?open_id=${encodeURIComponent(openId)}&tz=${encodeURIComponent(timeZone)}`;

/** The code of the refusal of a download the link does not allow (403). */
export const LINK_DOWNLOAD_FORBIDDEN = 'LINK_DOWNLOAD_FORBIDDEN';

/** The watermark as the page and the PDF write it: who the visitor is to the link, and when they opened it. */
export const watermarkMessages = {
  anonymous: { id: 'shared.linkWatermark.anonymous', defaultMessage: 'Anonymous viewer' },
  line: { id: 'shared.linkWatermark.line', defaultMessage: '{viewer} · {time}' },
} as const;

/** Who the watermark names: the verified address, else the name given on the identification step, else no one (anonymous). */
export function watermarkViewer(verifiedEmail: string | null, givenName: string | null): string | null {
  return verifiedEmail || givenName?.trim() || null;
}

/** The watermark's time: the visit's date and time in the viewer's language (and, on the server, the zone they sent). */
export const WATERMARK_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
