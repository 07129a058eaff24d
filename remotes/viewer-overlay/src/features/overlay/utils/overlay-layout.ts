export type OverlayLayout = 'large' | 'middle' | 'small';

/** Spec §2 layout bounds of the viewer overlay, in CSS pixels of its container. */
export const LARGE_MIN = { width: 1024, height: 516 } as const;
export const MIDDLE_MIN = { width: 768, height: 236 } as const;

/** Large at width ≥ 1024 and height ≥ 516, middle at width ≥ 768 and height ≥ 236, otherwise small. */
export function overlayLayout(width: number, height: number): OverlayLayout {
  if (width >= LARGE_MIN.width && height >= LARGE_MIN.height) return 'large';
  if (width >= MIDDLE_MIN.width && height >= MIDDLE_MIN.height) return 'middle';
  return 'small';
}

/** The container the overlay's layouts are chosen by: its own box (the Root of viewer-overlay.tsx). */
export const OVERLAY_CONTAINER = 'deck-overlay';

const fits = (min: { width: number; height: number }) => `@container ${OVERLAY_CONTAINER} (min-width: ${min.width}px) and (min-height: ${min.height}px)`;

/**
 * The same bounds as container queries, so the layout is the stylesheet's to choose and one markup serves all three
 * (the server writes the overlay once, docs/architecture.md): styles are the small layout's, then `middle` (which the
 * large layout also meets) and `large` override them, in that order.
 */
export const AT_LAYOUT = { middle: fits(MIDDLE_MIN), large: fits(LARGE_MIN) } as const;
