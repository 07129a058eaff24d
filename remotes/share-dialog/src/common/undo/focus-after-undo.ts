import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * When the Undo notice goes away (undone, or its time ran out) while it holds the keyboard focus, the focus
 * moves to `target` (the dialog's add field) instead of falling to the page. Runs in a layout cleanup, while
 * the notice is still in the document.
 */
export function useFocusHandOffOnUnmount(notice: RefObject<HTMLElement | null>, target: () => HTMLElement | null | undefined) {
  const latestTarget = useRef(target);
  latestTarget.current = target;
  useLayoutEffect(() => {
    const element = notice.current;
    return () => {
      if (element && element.contains(element.ownerDocument.activeElement)) latestTarget.current()?.focus();
    };
  }, [notice]);
}

/** The first text field of `scope`: the add form's address field in both share dialogs. */
export function firstAddressField(scope: HTMLElement | null): HTMLElement | null {
  return scope?.querySelector<HTMLElement>('input[type="email"], input[role="combobox"], input[type="text"]') ?? null;
}
