import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

/** Marks an element as one item of a list whose items can go away (its key names it in `keys`). */
export function focusItemMark(key: string): { 'data-focus-item': string } {
  return { 'data-focus-item': key };
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard focus in a list whose items go away (WCAG 2.4.3): moving a document to the trash,
 * restoring it, deleting it for good or deleting a folder removes the row whose control had focus, and the
 * browser drops focus to the page. When the item that last held focus is gone and nothing has focus, the
 * item now in its place (the next one) gets it, else the one before, else `fallback` (the list's heading).
 *
 * Returns the container's ref and its focus handlers; the items carry `focusItemMark(key)`.
 */
export function useFocusAfterRemoval<E extends HTMLElement>(keys: readonly string[] | undefined, fallback: RefObject<HTMLElement | null>) {
  const container = useRef<E>(null);
  const held = useRef<{ key: string; index: number } | null>(null);

  const onFocus = useCallback((event: FocusEvent<E>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-focus-item]');
    if (!item || !container.current) return;
    const items = [...container.current.querySelectorAll<HTMLElement>('[data-focus-item]')];
    held.current = { key: item.dataset.focusItem ?? '', index: items.indexOf(item) };
  }, []);

  // Focus moving on to something else outside the list ends the watch; focus that fell to nothing
  // (the control went away or became unavailable) does not.
  const onBlur = useCallback((event: FocusEvent<E>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.current?.contains(next)) held.current = null;
  }, []);

  useLayoutEffect(() => {
    const was = held.current;
    if (!was || !keys || keys.includes(was.key)) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    held.current = null;
    const items = [...(container.current?.querySelectorAll<HTMLElement>('[data-focus-item]') ?? [])];
    const item = items[was.index] ?? items[was.index - 1];
    const target = item?.querySelector<HTMLElement>(FOCUSABLE) ?? fallback.current;
    target?.focus();
  }, [keys, fallback]);

  return { ref: container, onFocus, onBlur };
}
