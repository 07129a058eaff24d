/**
 * The viewer overlay's public entry for rendering on the server (the view page's first view,
 * first-view/render-entry.tsx): the overlay component, the size provider that stands in for the browser's
 * measurement, and the layout breakpoints the renderer picks a size from. Like mount.tsx and public-types.ts, it is
 * what other packages may import (scripts/deps.ts); the rest of src/ is the remote's own.
 */
export { ViewerOverlay } from './features/overlay/components/viewer-overlay';
export { KnownElementSize } from './features/overlay/hooks/use-element-size';
export { LARGE_MIN, MIDDLE_MIN, type OverlayLayout } from './features/overlay/utils/overlay-layout';
