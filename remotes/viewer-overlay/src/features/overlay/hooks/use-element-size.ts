import { createContext, useCallback, useContext, useLayoutEffect, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * The size an element is known to have before it can be measured: where the overlay is drawn without a
 * browser (the server's first view of a page, drawn once per layout, docs/architecture.md).
 */
export const KnownElementSize = createContext<ElementSize | null>(null);

/**
 * The content size of an element, kept current with a ResizeObserver so that whatever
 * depends on it follows the container as it changes (not only the window). It is first measured
 * before the browser paints, so the first frame already has the right size.
 */
export function useElementSize<T extends Element>(): [(element: T | null) => void, ElementSize | null] {
  const [element, setElement] = useState<T | null>(null);
  const [size, setSize] = useState<ElementSize | null>(useContext(KnownElementSize));
  const ref = useCallback((node: T | null) => setElement(node), []);

  useLayoutEffect(() => {
    if (!element) return;
    const rect = element.getBoundingClientRect();
    setSize({ width: rect.width, height: rect.height });
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((previous) => (previous && previous.width === width && previous.height === height ? previous : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return [ref, size];
}
