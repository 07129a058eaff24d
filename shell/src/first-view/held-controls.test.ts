import { afterFirstPaint, carryOutPresentRequests, FIRST_PAINT_WAIT_MS, FIRST_VIEW_ATTRIBUTE, holdFirstViewControls, takePresentRequest } from './held-controls';

/** The server's first view as the entry script finds it: the overlay's Present form and the like button. */
function firstView() {
  document.body.innerHTML = `
    <form method="get" action="/view/doc" ${FIRST_VIEW_ATTRIBUTE}="viewer-overlay">
      <input type="hidden" name="present" value="1"><button type="submit">Present</button>
    </form>
    <div ${FIRST_VIEW_ATTRIBUTE}="like-button"><button type="button">Like, 3 likes</button></div>
    <button type="button" id="outside">Share</button>`;
}

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
