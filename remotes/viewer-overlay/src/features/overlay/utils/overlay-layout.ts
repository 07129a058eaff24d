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
