import { SCROLL_WATCHING_LONG_TASKS } from './bench-front-end';

/**
 * The bench's scroll runs in the page; here it runs against a list whose layout reads are counted.
 * A read of scrollHeight, clientHeight or scrollTop after a scroll forces the layout of the rows just
 * rendered inside the harness's own script, so the harness reads them once, before it scrolls.
 */
describe('the long-list scroll of the bench', () => {
  it('reads the list’s size once (from its rows, not layout), then scrolls a screenful per frame to the end without reading layout', async () => {
    const reads: string[] = [];
    const writes: number[] = [];
    // The first rendered row tells the whole list's size: 10,000 rows of 45 px.
    const firstRow = { style: { height: '45px', transform: 'translateY(0px)' }, getAttribute: (name: string) => (name === 'aria-setsize' ? '10000' : '1') };
    const list = {
      get clientHeight() {
        reads.push(`clientHeight after ${writes.length} scrolls`);
        return 180;
      },
      get scrollHeight() {
        reads.push(`scrollHeight after ${writes.length} scrolls`);
        return 450_000;
      },
      querySelector: (selector: string) => (selector === '[role="listitem"]' ? firstRow : null),
      get scrollTop() {
        reads.push(`scrollTop after ${writes.length} scrolls`);
        return writes.at(-1) ?? 0;
      },
      set scrollTop(top: number) {
        writes.push(top);
      },
      querySelectorAll: () => Object.assign([...Array(11).fill(firstRow), { ...firstRow, getAttribute: (name: string) => (name === 'aria-setsize' ? '10000' : '10000') }], {}),
    };
    const globals = globalThis as unknown as Record<string, unknown>;
    const saved = { requestAnimationFrame: globals.requestAnimationFrame, PerformanceObserver: globals.PerformanceObserver };
    globals.requestAnimationFrame = (callback: () => void) => callback();
    globals.PerformanceObserver = class {
      observe() {}
      disconnect() {}
    };
    try {
      // The bench's own text, as the page runs it.
      const scroll = (0, eval)(`(${SCROLL_WATCHING_LONG_TASKS})`) as (
        element: unknown,
        maxSteps: number,
      ) => Promise<{ steps: number; rowsAtEnd: number; reachedEnd: boolean; loadingFrames: number }>;
      const reading = await scroll(list, Number.MAX_SAFE_INTEGER);
      expect(reads).toEqual(['clientHeight after 0 scrolls']);
      expect(reading.steps).toBe(Math.ceil((450_000 - 180) / 180));
      expect(writes.slice(0, 3)).toEqual([180, 360, 540]);
      expect(writes.at(-1)).toBe(450_000 - 180);
      expect(reading.rowsAtEnd).toBe(12);
      expect(reading.reachedEnd).toBe(true);
      expect(reading.loadingFrames).toBe(0);
    } finally {
      Object.assign(globals, saved);
    }
  });
});
