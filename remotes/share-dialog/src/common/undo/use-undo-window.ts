import { useCallback, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

/**
 * How long an Undo stays offered after a removal, not counting the time it is hovered or focused, nor the
 * time the keyboard focus stays in the list it was removed from.
 */
export const UNDO_WINDOW_MS = 8000;

type Hold = 'hover' | 'focus' | 'list';
const NO_HOLDS: ReadonlySet<Hold> = new Set();

/**
 * The one removal that can still be undone, offered for `durationMs`. The time runs only while the offer is
 * neither hovered nor focused and the focus is not in the list the person was removed from (`listFocus`, on
 * the list's area): after a removal the focus goes to the next row, and a keyboard or screen-reader user
 * moving on from there to Undo must not see it run out on the way (WCAG 2.2.1, docs/decisions.md).
 */
export function useUndoWindow<T>(durationMs = UNDO_WINDOW_MS) {
  const [offer, setOffer] = useOpeningState<T | null>(null);
  const [holds, setHolds] = useOpeningState<ReadonlySet<Hold>>(NO_HOLDS);
  const remaining = useRef(durationMs);
  /** Which offer `remaining` belongs to: a new removal starts a full window of its own. */
  const generation = useRef(0);

  const offerUndo = useCallback(
    (item: T) => {
      generation.current += 1;
      remaining.current = durationMs;
      setHolds(new Set());
      setOffer(item);
    },
    [durationMs, setHolds, setOffer],
  );
  const dismiss = useCallback(() => setOffer(null), [setOffer]);

  const running = offer !== null && holds.size === 0;
  useEffect(() => {
    if (!running) return undefined;
    const startedAt = Date.now();
    const started = generation.current;
    const timer = setTimeout(() => setOffer(null), remaining.current);
    return () => {
      clearTimeout(timer);
      if (generation.current === started) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [running, offer, setOffer]);

  const hold = useCallback((kind: Hold, on: boolean) => {
    setHolds((current) => {
      if (current.has(kind) === on) return current;
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  }, [setHolds]);

  // Focus moving within the area keeps the hold; focus leaving it (or dropped to nothing) lets the time run.
  const listFocus = useMemo(
    () => ({
      onFocus: () => hold('list', true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold('list', false);
      },
    }),
    [hold],
  );

  return { offer, offerUndo, dismiss, paused: offer !== null && !running, hold, listFocus };
}
