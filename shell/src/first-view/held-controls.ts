/**
 * The server's first view is plain HTML until the shell and each remote take their parts over (docs/architecture.md,
 * "The view page's first view"), which waits for the visitor's first intent (take-over-on-intent.ts). Without
 * JavaScript its Present button submits a form that asks the page again with `present=1`, and the server then says
 * that presenting needs JavaScript. With JavaScript, this runs as the page's entry script starts: a Present pressed
 * before the overlay took over (or before this ran, as `present=1`) is carried out once the overlay is there, and a
 * press on any other of the server's buttons (the like, Share) is held and carried out on the same button once the
 * part that draws it has taken over. Plain DOM only: this is part of the entry script, before any shared module.
 */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
export const PRESENT_FIELD = 'present';

let presentRequested = false;
/** Who carries out a Present pressed from now on (the view page, once its overlay is there). */
let carryOutPresent: (() => void) | null = null;

const holding = new WeakSet<Document>();

/**
 * A press on one of the server's buttons, held until the part that draws it has taken over: the button, and the remote
 * whose server markup held it (its first render replaces that markup, with its one button), else null.
 */
export interface HeldPress {
  button: HTMLButtonElement;
  remote: string | null;
}

/**
 * The presses held so far; whether the shell's part is React's yet (its page's commit: `shellTookOver`); and the
 * code that carries them out (held-presses.ts), a chunk fetched on the first press held, which hears of each change.
 */
export const heldPresses = { presses: [] as HeldPress[], shellTakenOver: false, changed: null as (() => void) | null };

/** The shell's part of the first view is React's (its page committed): presses held on its buttons can be carried out. */
export function shellTookOver(): void {
  heldPresses.shellTakenOver = true;
  heldPresses.changed?.();
}

/** The remote whose first view in the page holds this button (the server wrote it, it is not taken over yet), else null. */
const writtenBy = (button: HTMLButtonElement) => button.closest(`#app [${FIRST_VIEW_ATTRIBUTE}]`)?.getAttribute(FIRST_VIEW_ATTRIBUTE) ?? null;

const buttonOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('button') : null);

/** A press on a button of the server's markup that nothing handles yet: outside a form (a form's own submit works without JavaScript). */
function heldButton(target: EventTarget | null): HeldPress | null {
  const button = buttonOf(target);
  if (!button || button.form || !button.closest('#app')) return null;
  const remote = writtenBy(button);
  return heldPresses.shellTakenOver && remote === null ? null : { button, remote };
}

function hold(press: HeldPress): void {
  heldPresses.presses.push(press);
  if (heldPresses.changed) heldPresses.changed();
  else void import(/* webpackChunkName: "held-presses" */ './held-presses');
}

function requestPresent(): void {
  if (carryOutPresent) carryOutPresent();
  else presentRequested = true;
}

/**
 * A press begun on a button of the server's first view (the pointer down on it, or Space), which its part's take-over
 * may replace before the press ends: the browser then fires no click at all, and the visitor's press would be lost.
 */
let pressBegun: HeldPress | null = null;

function beginPress(target: EventTarget | null): void {
  clickOfCarriedPress = null;
  const button = buttonOf(target);
  const remote = button && writtenBy(button);
  pressBegun = button && remote ? { button, remote } : null;
}

/**
 * The part whose next click from the visitor belongs to a press already carried out: after a finger's press, the
 * browser still fires its tap's click, on whatever replaced the button under the finger. Until the next press.
 */
let clickOfCarriedPress: { remote: string | null; until: number } | null = null;

const partOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest('[data-remote]')?.getAttribute('data-remote') ?? null) : undefined);

function endPress(target: EventTarget | null): void {
  const begun = pressBegun;
  pressBegun = null;
  if (!begun || begun.button.isConnected) return;
  // Released outside the part it began in: as on any button, a press the visitor took away.
  if (partOf(target) !== begun.remote) return;
  // Replaced while pressed: the press is the visitor's, carried out as a click on the server's button would be.
  // Its form (the overlay's Present) asks to present; a button gone with its form has no form owner to ask.
  if (begun.button.closest('form')) requestPresent();
  else hold(begun);
  clickOfCarriedPress = { remote: begun.remote, until: Date.now() + TAP_CLICK_WITHIN_MS };
}

/** How long after a finger is lifted its tap's click may come (none at all after a mouse's press). */
const TAP_CLICK_WITHIN_MS = 1000;

/** Whether this click is the tap's own of a press already carried out (not one the carrying out dispatched). */
function clickOfCarriedPressIs(event: MouseEvent): boolean {
  const carried = clickOfCarriedPress;
  if (!carried || !event.isTrusted) return false;
  clickOfCarriedPress = null;
  return Date.now() <= carried.until && partOf(event.target) === carried.remote;
}

export function holdFirstViewControls(doc: Document = document): void {
  // Once per document: a second listener would carry out one press twice.
  if (holding.has(doc)) return;
  holding.add(doc);
  // The server writes a remote's buttons as not ready (the like's use-rendered-on-server.ts), which they stay without
  // JavaScript; from here on a press is held and carried out, so they are ready.
  for (const button of doc.querySelectorAll(`[${FIRST_VIEW_ATTRIBUTE}] button[aria-disabled="true"]`)) {
    if (heldButton(button)) button.removeAttribute('aria-disabled');
  }
  doc.addEventListener('pointerdown', (event) => event.isPrimary && beginPress(event.target), true);
  doc.addEventListener('pointerup', (event) => event.isPrimary && endPress(event.target), true);
  doc.addEventListener('pointercancel', () => (pressBegun = null), true);
  doc.addEventListener(
    'keydown',
    (event) => {
      clickOfCarriedPress = null;
      if (event.key === ' ' && !event.repeat) beginPress(event.target);
    },
    true,
  );
  // The focus moves to the control that replaced the pressed one (keep-focus-on-take-over.ts), which hears the key's end.
  doc.addEventListener('keyup', (event) => event.key === ' ' && endPress(event.target), true);
  doc.addEventListener(
    'click',
    (event) => {
      const tapOfCarriedPress = clickOfCarriedPressIs(event);
      const held = tapOfCarriedPress ? null : heldButton(event.target);
      if (!held && !tapOfCarriedPress) return;
      event.preventDefault();
      // Not stopImmediatePropagation: the take-over's own listener on the document hears this press as an intent.
      event.stopPropagation();
      if (held) hold(held);
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(`form[${FIRST_VIEW_ATTRIBUTE}]`)) return;
      event.preventDefault();
      requestPresent();
    },
    true,
  );
}

/** Whether the address asks to present (a press on the server's form that submitted before the entry script ran). */
export const presentAskedInAddress = (url: URL) => url.searchParams.get(PRESENT_FIELD) === '1';

/** Whether the visitor asked to present before the overlay was there; answers true once. */
export function takePresentRequest(location: Location = window.location, history: History = window.history): boolean {
  const url = new URL(location.href);
  const inUrl = presentAskedInAddress(url);
  if (inUrl) {
    url.searchParams.delete(PRESENT_FIELD);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  const requested = presentRequested || inUrl;
  presentRequested = false;
  return requested;
}

/**
 * Carries out a Present pressed before now (`takePresentRequest`) and every one pressed on the server's form while
 * it is still on screen: the overlay's handle comes before its first render replaces the server's markup (it
 * mounts as a transition), and a press in between would otherwise be held with no one to take it. Returns the
 * function that stops carrying them out.
 */
export function carryOutPresentRequests(carryOut: () => void, location: Location = window.location, history: History = window.history): () => void {
  carryOutPresent = carryOut;
  if (takePresentRequest(location, history)) carryOut();
  return () => {
    if (carryOutPresent === carryOut) carryOutPresent = null;
  };
}

/** How long a first view waits for the browser to report its first paint before the take-over starts anyway. */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Runs `start` once the browser has painted the page as the server wrote it (a page in a background tab paints
 * nothing, so it starts at once there). A page with a first view waits for the paint's `first-contentful-paint`
 * entry, which the browser reports once the frame is on screen: on a busy device that is well after the frame's
 * own task, and a take-over started in between would fetch and run its scripts ahead of the paint the visitor
 * waits for. A page without one (nothing to paint before its app) and a browser without paint timing start a
 * frame and a task later.
 */
export function afterFirstPaint(start: () => void, doc: Document = document): void {
  if (doc.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    start();
    return;
  }
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const reportsPaint = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!reportsPaint || !doc.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`)) {
    afterFrame();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    setTimeout(start, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A browser that never reports the paint (the tab hidden before it) still takes the page over.
  const fallback = setTimeout(once, FIRST_PAINT_WAIT_MS);
}
