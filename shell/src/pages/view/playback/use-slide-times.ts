import { useEffect, useRef } from 'react';
import {
  SLIDE_TIMES_BATCH_MAX_ENTRIES,
  SLIDE_TIMES_BATCH_MAX_MS,
  SLIDE_TIMES_FLUSH_SECONDS,
} from '@deck/shared/domains/viewer/slide-engagement';
import { sendSlideTimes, type LinkOpen } from '../api/slide-times-beacon';

/**
 * Takes the next batch from what is counted: at most SLIDE_TIMES_BATCH_MAX_ENTRIES slides and SLIDE_TIMES_BATCH_MAX_MS
 * in all (the server's limits); what does not fit waits for the next batch.
 */
export function nextBatch(counted: Map<number, number>): Array<[number, number]> {
  const batch: Array<[number, number]> = [];
  let total = 0;
  for (const [slide, ms] of counted) {
    if (batch.length === SLIDE_TIMES_BATCH_MAX_ENTRIES || total === SLIDE_TIMES_BATCH_MAX_MS) break;
    const taken = Math.min(Math.round(ms), SLIDE_TIMES_BATCH_MAX_MS - total);
    if (taken > 0) batch.push([slide, taken]);
    total += taken;
  }
  return batch;
}

/**
 * Counts the time each slide is on screen while the presentation plays and the page is visible, for a trackable link's
 * analytics (docs/decisions.md, *What is recorded about viewers*), and sends it every SLIDE_TIMES_FLUSH_SECONDS, when
 * the page is hidden or left, and when the page goes. A batch the browser would not queue is kept for the next.
 * Nothing is counted without an open (the view page itself, or a link that records no visits).
 */
export function useSlideTimes(open: LinkOpen | null, page: number, playing: boolean): void {
  const counted = useRef(new Map<number, number>());
  const shown = useRef<{ page: number; since: number | null }>({ page, since: null });
  const openRef = useRef(open);
  openRef.current = open;

  // Everything below works on refs, so the page's re-renders never restart a count.
  const api = useRef({
    settle() {
      const { since, page: slide } = shown.current;
      if (since === null) return;
      const now = performance.now();
      counted.current.set(slide, (counted.current.get(slide) ?? 0) + now - since);
      shown.current.since = now;
    },
    flush() {
      api.current.settle();
      const target = openRef.current;
      if (!target) return;
      for (let batch = nextBatch(counted.current); batch.length > 0; batch = nextBatch(counted.current)) {
        if (!sendSlideTimes(target, batch)) return;
        for (const [slide, ms] of batch) {
          const left = (counted.current.get(slide) ?? 0) - ms;
          if (left >= 1) counted.current.set(slide, left);
          else counted.current.delete(slide);
        }
      }
    },
  });

  const counting = open !== null && playing;
  useEffect(() => {
    api.current.settle();
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    shown.current = { page, since: counting && visible ? performance.now() : null };
  }, [page, counting]);

  useEffect(() => {
    if (!counting) return undefined;
    const { current } = api;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        current.flush();
        shown.current.since = null;
      } else {
        shown.current.since = performance.now();
      }
    };
    const onLeave = () => current.flush();
    const timer = setInterval(() => current.flush(), SLIDE_TIMES_FLUSH_SECONDS * 1000);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      // Playing ended (the last slide, Exit) or the page goes: what was counted is sent now.
      current.flush();
      shown.current.since = null;
    };
  }, [counting]);
}
