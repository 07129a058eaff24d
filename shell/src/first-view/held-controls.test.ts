import { afterFirstPaint, carryOutPresentRequests, FIRST_PAINT_WAIT_MS, FIRST_VIEW_ATTRIBUTE, heldPresses, holdFirstViewControls, shellTookOver, takePresentRequest } from './held-controls';

/** The server's first view as the entry script finds it: the overlay's Present form, the like button's slot and Share. */
function firstView() {
  document.body.innerHTML = `
    <div id="app">
      <div id="overlay-slot" data-remote="viewer-overlay"><form method="get" action="/view/doc" ${FIRST_VIEW_ATTRIBUTE}="viewer-overlay">
        <input type="hidden" name="present" value="1"><button type="submit">Present</button>
      </form></div>
      <div id="like-slot" data-remote="like-button"><div ${FIRST_VIEW_ATTRIBUTE}="like-button"><button aria-disabled="true">Like, 3 likes</button></div></div>
      <button type="button" id="share">Share</button>
    </div>`;
}

/** A click as the browser dispatches it: whether a listener took it. */
function press(button: Element): boolean {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  button.dispatchEvent(click);
  return click.defaultPrevented;
}

/** A pointer's or a key's event as the browser dispatches it (jsdom has no PointerEvent). */
function dispatch(type: string, target: Element, init: { key?: string } = {}) {
  const event = type.startsWith('key') ? new KeyboardEvent(type, { bubbles: true, ...init }) : Object.assign(new MouseEvent(type, { bubbles: true }), { isPrimary: true });
  target.dispatchEvent(event);
}

/** Lets the mutation observer run. */
const mutationsSeen = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('presses on the server’s other buttons, held until their part has taken over (a single test module state: in order)', () => {
  beforeAll(() => {
    firstView();
    holdFirstViewControls();
  });

  it('says the like button written as not ready is ready, as its press is held from now on', () => {
    expect(document.querySelector('#like-slot button')!.hasAttribute('aria-disabled')).toBe(false);
  });

  it('holds a press on the like button and on Share while nothing handles them, and leaves the overlay’s form to its submit', async () => {
    const shared = jest.fn();
    document.getElementById('share')!.addEventListener('click', shared);
    expect(press(document.querySelector('#like-slot button')!)).toBe(true);
    expect(press(document.getElementById('share')!)).toBe(true);
    expect(shared).not.toHaveBeenCalled();
    expect(press(document.querySelector('form button')!)).toBe(false);
  });

  it('carries out the press on Share on the same button once the shell has taken over, and lets later presses through', async () => {
    const share = document.getElementById('share')!;
    const shared = jest.fn();
    share.addEventListener('click', shared);
    // The first press held fetched the code that carries presses out; then the shell's page commits.
    await import('./held-presses');
    expect(heldPresses.changed).not.toBeNull();
    expect(shared).not.toHaveBeenCalled();
    shellTookOver();
    expect(shared).toHaveBeenCalledTimes(1);
    expect(press(share)).toBe(false);
    expect(shared).toHaveBeenCalledTimes(2);
  });

  it('keeps the press on the like button while its server markup is there, then carries it out on the button the remote draws, once it is ready', async () => {
    const slot = document.getElementById('like-slot')!;
    // After the shell took over, a press inside a slot the remote has not replaced is still held.
    expect(press(slot.querySelector('button')!)).toBe(true);
    await mutationsSeen();
    const liked = jest.fn();
    const drawn = document.createElement('button');
    drawn.setAttribute('aria-disabled', 'true');
    drawn.addEventListener('click', liked);
    slot.replaceChildren(drawn);
    await mutationsSeen();
    expect(liked).not.toHaveBeenCalled();
    drawn.setAttribute('aria-disabled', 'false');
    await mutationsSeen();
    // Both presses, in order (a like, then an unlike): what the visitor did.
    expect(liked).toHaveBeenCalledTimes(2);
    expect(press(drawn)).toBe(false);
    expect(liked).toHaveBeenCalledTimes(3);
  });

  it('carries a press on a remote’s button out on the slot of a page drawn afresh (an API on another origin), not on the shell’s old buttons', async () => {
    const app = document.getElementById('app')!;
    app.innerHTML = `<button type="button" id="share">Share</button><div data-remote="like-button"><div ${FIRST_VIEW_ATTRIBUTE}="like-button"><button>Like, 3 likes</button></div></div>`;
    expect(press(app.querySelector('[data-remote] button')!)).toBe(true);
    // The shell draws the page afresh: a new slot, the remote's button once it renders.
    const liked = jest.fn();
    app.innerHTML = '<button type="button">Share</button><div data-remote="like-button"></div>';
    await mutationsSeen();
    const drawn = document.createElement('button');
    drawn.addEventListener('click', liked);
    app.querySelector('[data-remote]')!.append(drawn);
    await mutationsSeen();
    expect(liked).toHaveBeenCalledTimes(1);
  });
});

describe('a press its part’s take-over interrupts (the browser fires no click when the pressed button goes)', () => {
  /** The remote's first render: its own button in place of the server's markup. */
  function drawLike(onPress: () => void): HTMLButtonElement {
    const drawn = document.createElement('button');
    drawn.addEventListener('click', onPress);
    document.getElementById('like-slot')!.replaceChildren(drawn);
    return drawn;
  }
  const serverLike = () => document.querySelector<HTMLButtonElement>(`#like-slot [${FIRST_VIEW_ATTRIBUTE}] button`)!;

  beforeEach(() => {
    firstView();
    holdFirstViewControls();
    // The shell has taken over (the module's state since the tests above), so the like's button is the remote's own.
    shellTookOver();
    takePresentRequest();
  });

  it('carries out a pointer press begun on the server’s Like and ended on the button that replaced it, once', () => {
    const liked = jest.fn();
    dispatch('pointerdown', serverLike());
    const drawn = drawLike(liked);
    dispatch('pointerup', drawn);
    expect(liked).toHaveBeenCalledTimes(1);
    // A click dispatched by a script (as held-presses.ts carries a press out) is not the tap's own click: it goes
    // through. The tap's click after a finger's press, which only a browser dispatches, is e2e/first-view.spec.ts's.
    expect(press(drawn)).toBe(false);
    expect(liked).toHaveBeenCalledTimes(2);
  });

  it('carries out Space pressed on the server’s Like and let go on the button that replaced it (where the focus went)', () => {
    const liked = jest.fn();
    dispatch('keydown', serverLike(), { key: ' ' });
    dispatch('keyup', drawLike(liked), { key: ' ' });
    expect(liked).toHaveBeenCalledTimes(1);
  });

  it('carries out no press released outside its part, or cancelled, and none whose button is still there', () => {
    const liked = jest.fn();
    dispatch('pointerdown', serverLike());
    drawLike(liked);
    dispatch('pointerup', document.getElementById('share')!);
    firstView();
    dispatch('pointerdown', serverLike());
    const drawn = drawLike(liked);
    dispatch('pointercancel', drawn);
    dispatch('pointerup', drawn);
    firstView();
    dispatch('pointerdown', serverLike());
    dispatch('pointerup', serverLike());
    expect(liked).not.toHaveBeenCalled();
    expect(heldPresses.presses).toHaveLength(0);
  });

  it('asks to present for a press on the server’s Present that the overlay replaced before it ended', () => {
    const present = jest.fn();
    const stop = carryOutPresentRequests(present);
    try {
      const slot = document.getElementById('overlay-slot')!;
      dispatch('pointerdown', slot.querySelector('button')!);
      slot.replaceChildren(document.createElement('div'));
      dispatch('pointerup', slot.firstElementChild!);
      expect(present).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

describe('the first view’s controls before their remotes take over', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/view/doc');
    takePresentRequest();
  });

  it('holds a Present pressed on the server’s form instead of reloading the page, and hands it over once', () => {
    firstView();
    holdFirstViewControls();
    const form = document.querySelector('form')!;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(takePresentRequest()).toBe(true);
    expect(takePresentRequest()).toBe(false);
  });

  it('carries out a press held before the overlay was there, and each press on the server’s form while it is still on screen, until stopped', () => {
    firstView();
    holdFirstViewControls();
    const press = () => {
      const submitted = new Event('submit', { bubbles: true, cancelable: true });
      document.querySelector('form')!.dispatchEvent(submitted);
      return submitted.defaultPrevented;
    };
    expect(press()).toBe(true);
    const present = jest.fn();
    const stop = carryOutPresentRequests(present);
    expect(present).toHaveBeenCalledTimes(1);
    // The overlay's handle is there, its first render has not replaced the server's markup yet.
    expect(press()).toBe(true);
    expect(present).toHaveBeenCalledTimes(2);
    stop();
    expect(press()).toBe(true);
    expect(present).toHaveBeenCalledTimes(2);
    expect(takePresentRequest()).toBe(true);
  });

  it('does not take a submit of any other form', () => {
    firstView();
    document.body.insertAdjacentHTML('beforeend', '<form id="other"><button type="submit">Send</button></form>');
    holdFirstViewControls();
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    document.getElementById('other')!.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(false);
    expect(takePresentRequest()).toBe(false);
  });

  it('takes present=1 from the address (a press that submitted before the script ran) and removes it, keeping the rest', () => {
    window.history.replaceState(null, '', '/view/doc?embed=1&present=1#top');
    expect(takePresentRequest()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/view/doc?embed=1#top');
    expect(takePresentRequest()).toBe(false);
  });
});

describe('the take-over’s start, once the page as the server wrote it is on screen', () => {
  /** The browser's paint timing, reported when the test says the frame is on screen. */
  class FakePaintObserver {
    static supportedEntryTypes = ['paint'];
    static observers: FakePaintObserver[] = [];
    observing = false;
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      FakePaintObserver.observers.push(this);
    }
    observe() {
      this.observing = true;
    }
    disconnect() {
      this.observing = false;
    }
    static painted() {
      for (const observer of FakePaintObserver.observers) if (observer.observing) observer.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    }
  }
  const original = globalThis.PerformanceObserver;

  beforeEach(() => {
    jest.useFakeTimers();
    FakePaintObserver.observers = [];
    globalThis.PerformanceObserver = FakePaintObserver as unknown as typeof PerformanceObserver;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.PerformanceObserver = original;
  });

  it('on a first view, waits for the browser to report the first paint, however many frames that takes', () => {
    firstView();
    const start = jest.fn();
    afterFirstPaint(start);
    jest.advanceTimersByTime(1000);
    expect(start).not.toHaveBeenCalled();
    FakePaintObserver.painted();
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    FakePaintObserver.painted();
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on a first view whose paint is never reported, starts after a while all the same', () => {
    firstView();
    const start = jest.fn();
    afterFirstPaint(start);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    // The start itself is a task after the wait.
    jest.advanceTimersByTime(10);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on a page without a first view (nothing to paint before its app), starts a frame later', () => {
    document.body.innerHTML = '<div id="app"></div>';
    const start = jest.fn();
    afterFirstPaint(start);
    jest.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
