/**
 * The viewer overlay's public entry for rendering on the server (the view page's first view,
 * first-view/render-entry.tsx): the overlay component, written once, whose stylesheet picks its layout. Like
 * mount.tsx and public-types.ts, it is what other packages may import (scripts/deps.ts); the rest of src/ is the
 * remote's own.
 */
export { ViewerOverlay } from './features/overlay/components/viewer-overlay';
