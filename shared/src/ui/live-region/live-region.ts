/**
 * The page's one polite live region. Screen readers only announce changes to a live
 * region that already existed before the change, so the shell creates it at start-up and every remote
 * writes into the same element, found by its id; a remote mounted on a page without the shell creates
 * it on first use. It sits directly under <body> with `aria-live`, which the modal's aria-hidden
 * sweep leaves alone, so announcements are heard while a dialog is open.
 */
export const LIVE_REGION_ID = 'deck-live-region';

/** Long enough for screen readers to notice the emptied region before the new text arrives. */
const REFILL_DELAY_MS = 50;

let pending: ReturnType<typeof setTimeout> | null = null;

export function ensureLiveRegion(doc: Document = document): HTMLElement {
  const existing = doc.getElementById(LIVE_REGION_ID);
  if (existing) return existing;
  const region = doc.createElement('div');
  region.id = LIVE_REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // Visually hidden, still read (the usual clip pattern; no theme value applies to an invisible box).
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: '0',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  doc.body.appendChild(region);
  return region;
}

/**
 * Says `message` politely. The region is emptied first, so the same text said twice ("Copied") is
 * announced twice.
 */
export function announce(message: string, doc: Document = document) {
  const region = ensureLiveRegion(doc);
  if (pending !== null) clearTimeout(pending);
  region.textContent = '';
  pending = setTimeout(() => {
    pending = null;
    region.textContent = message;
  }, REFILL_DELAY_MS);
}
