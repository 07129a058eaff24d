/**
 * Wire types of the recipient side of trackable view links (opening a link, recording a visit, the
 * analytics of a link). The reference server imports them too; they sit beside the view-links
 * domain rather than in api/contract.ts because only this domain and its server routes use them.
 */
import type { SlideEngagement, VisitEngagement } from '@deck/shared/domains/viewer/slide-engagement';

/** GET /api/v1/prezilink/<linkId>/open/: what a recipient needs before the document shows. */
export interface ViewLinkOpening {
  link_id: string;
  presentation_oid: string;
  document_title: string;
  /** Who created the link, so the identification form can say who shared the document. */
  sharer_first_name: string;
  sharer_last_name: string;
  /** The viewer gives a name and an e-mail before the content shows. */
  viewer_identification: boolean;
  /** Issued by the server for this open; the page sends it back to record the visit (once per open). */
  open_id: string;
  /**
   * On a link with an allow list: the address this browser verified (the visit records it, whatever a form
   * says), so the identification form asks only for the name. Null on any other link.
   */
  verified_email: string | null;
  /** The server's decision: the page offers the slides as a PDF (linkDownloadPath) once it shows them. */
  can_download: boolean;
  /** The page lays the visitor's watermark over the slides (and the PDF carries it). */
  watermark: boolean;
  /** ISO time of this open by the server's clock: the watermark's time. */
  opened_at: string;
  /** The name this open was identified with (the page a name form's post came back to, above); else null. */
  viewer_name: string | null;
}

/** POST /api/v1/prezilink/<linkId>/visits/: one open of the link. */
export interface ViewLinkVisitBody {
  /** The `open_id` of the opening (server-issued and signed); the server records one visit per open id. */
  open_id: string;
  /** Required (with viewer_email) when the link asks for viewer identification; ignored otherwise. */
  viewer_name?: string;
  viewer_email?: string;
}

export interface ViewLinkVisitResponse {
  /** False when the link is not visible on analytics: nothing was stored. */
  recorded: boolean;
}

export interface ViewLinkDailyViews {
  /** The calendar day in the requested time zone, YYYY-MM-DD. */
  day: string;
  views: number;
}

export interface IdentifiedViewer {
  name: string;
  email: string;
  visited_at: string;
}

/** GET /api/v1/prezilink/<linkId>/analytics/?tz=<IANA zone>: for the link's creator and the document's owner. */
export interface ViewLinkAnalytics {
  link: {
    link_id: string;
    name: string;
    url: string;
    presentation_oid: string;
    document_title: string;
    created_at: string;
    revoked: boolean;
    visible_on_analytics: boolean;
    viewer_identification: boolean;
    /** The link's controls (view-link controls): whether it asks for a passcode, when it expires, how many allowed addresses. */
    has_passcode: boolean;
    expires_at: string | null;
    /** Whether expires_at has come, by the server's clock. */
    expired: boolean;
    allowed_viewers_count: number;
    /** Whether the link's page offers its slides as a PDF. */
    allow_download: boolean;
    sharer_first_name: string;
    sharer_last_name: string;
  };
  time_zone: string;
  total_views: number;
  /** PDFs of the link's slides handed out (GET …/download.pdf), each recorded. */
  downloads: number;
  /** Days with at least one view, oldest first. */
  views_by_day: ViewLinkDailyViews[];
  /** The most recent identified visits, newest first (at most IDENTIFIED_VIEWERS_SHOWN). */
  identified_viewers: IdentifiedViewer[];
  identified_total: number;
  /** Each slide of the document, in order, with the visits that showed it and the time spent on it (slide-engagement.ts). */
  slides: SlideEngagement[];
  /** The most recent visits, newest first (at most ENGAGEMENT_VISITS_SHOWN). */
  visits: VisitEngagement[];
}

export const IDENTIFIED_VIEWERS_SHOWN = 200;
export const VIEWER_NAME_MAX_LENGTH = 100;
