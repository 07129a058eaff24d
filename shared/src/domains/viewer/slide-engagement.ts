/**
 * Slide-by-slide engagement of a trackable link's visits (docs/decisions.md, *What is recorded about viewers*): the
 * view page counts the time each slide is on screen while the presentation plays and the page is visible, and sends
 * it in batches; the link's analytics page shows it per slide and per visit. The limits below are shared by the page
 * that sends and the server that refuses what no real visit could have sent.
 */

/** The page sends what it counted at most this often while playing, and at once when the page is hidden or left. */
export const SLIDE_TIMES_FLUSH_SECONDS = 15;
/** Slides in one batch. */
export const SLIDE_TIMES_BATCH_MAX_ENTRIES = 50;
/** Time in one batch, all slides together: a batch covers at most one flush interval of visible time, with room to spare. */
export const SLIDE_TIMES_BATCH_MAX_MS = 5 * 60 * 1000;
/** Time one visit may add up on one slide; what goes beyond is not counted (a tab left open on a slide). */
export const SLIDE_TIME_PER_VISIT_MAX_MS = 2 * 60 * 60 * 1000;
/** Visits the analytics page lists, newest first. */
export const ENGAGEMENT_VISITS_SHOWN = 100;

/** POST /api/v1/prezilink/<linkId>/visits/<openId>/slides/ (sent with navigator.sendBeacon): [0-based slide, milliseconds] pairs. */
export interface SlideTimesBody {
  times: Array<[slide: number, ms: number]>;
}

/** What a phone, a tablet or a computer opened the link with (from its User-Agent; nothing finer is kept). */
export type DeviceClass = 'phone' | 'tablet' | 'desktop';

/** One slide of the document, over every visit of the link. */
export interface SlideEngagement {
  /** 1-based, as the viewer sees it. */
  slide: number;
  /** Visits that showed this slide: the drop-off is how this falls from slide to slide. */
  visits: number;
  /** Time on this slide in all visits together, in seconds (one decimal). */
  seconds: number;
}

/** One visit of the link (newest first), with its engagement. */
export interface VisitEngagement {
  visited_at: string;
  /** Given or verified on the link's page; empty when the link asked for none. */
  name: string;
  email: string;
  /** Null until the page sent its first slide times. */
  device: DeviceClass | null;
  /** Time on slides in this visit, in seconds (one decimal). */
  seconds: number;
  slides_seen: number;
}

/** The device class of a User-Agent: coarse on purpose (docs/decisions.md). */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'phone';
  return 'desktop';
}
