import { afterFirstPaint, FIRST_VIEW_ATTRIBUTE, presentAskedInAddress } from './held-controls';
import { preloadTakeOverFiles } from './take-over-files';

/** The hidden form of a trackable link's open, which the page posts once painted (link-open.ts). */
export const LINK_OPEN_ATTRIBUTE = 'data-link-open';

/**
 * What the visitor does that says they are about to use the page: a pointer or a finger on it, a key, a wheel, a
 * focus, a press, typing. Passive listeners, so none of them delays the scroll it starts.
 */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin', 'click', 'submit', 'input', 'change'] as const;

/**
 * Starts the take-over (`start`: the bootstrap) when the page needs it (docs/architecture.md, "The view page's first
 * view"; docs/decisions.md, "The take-over waits for the visitor"). A page without a first view has nothing on screen
 * before its app, which starts a frame after the first paint. A page the server wrote a first view into is complete
 * and usable as it is: once it is painted, its take-over's files are fetched (prefetched, not run) and a trackable
 * link's open is recorded; the take-over itself, the page's whole script and most of its work, waits for the
 * visitor's first intent, and presses on the way are held and carried out (held-controls.ts). A visitor who only
 * reads costs their phone no script beyond this one; the first intent costs the take-over's slices, none over 50 ms.
 * A Present asked for before this script ran (`present=1` in the address) is an intent already.
 */
export function takeOverWhenAsked(start: () => void, doc: Document = document, location: Location = window.location): void {
  if (!doc.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`)) {
    afterFirstPaint(start, doc);
    return;
  }
  let started = false;
  const startOnce = (event?: Event) => {
    // The browser moves the pointer by itself (by no distance) when what lies under a resting pointer changes.
    if (event?.type === 'pointermove' && (event as MouseEvent).movementX === 0 && (event as MouseEvent).movementY === 0) return;
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, startOnce, true);
    start();
  };
  const presentAsked = presentAskedInAddress(new URL(location.href));
  if (!presentAsked) for (const type of INTENT_EVENTS) doc.addEventListener(type, startOnce, { capture: true, passive: true });
  afterFirstPaint(() => {
    preloadTakeOverFiles(doc, presentAsked ? 'preload' : 'prefetch');
    // Only a trackable link's page fetches the code that posts its open.
    if (doc.querySelector(`form[${LINK_OPEN_ATTRIBUTE}]`)) void import(/* webpackChunkName: "link-open" */ './link-open').then(({ recordLinkOpen }) => recordLinkOpen(doc));
    if (presentAsked) startOnce();
  }, doc);
}
