import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The dialog element around a component, if any. Tooltips portal into it: a modal dialog hides
 * everything outside itself from assistive technology, a tooltip in the page body included.
 */
export function useEnclosingDialog<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setContainer(ref.current?.closest<HTMLElement>('[role="dialog"]') ?? null);
  }, []);
  return { ref, container };
}
