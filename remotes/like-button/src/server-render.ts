/**
 * The like button's public entry for rendering on the server (the view page's first view, first-view/render-entry.tsx):
 * the component the mount renders, for a renderer that supplies the store, intl and theme itself. Like mount.tsx and
 * public-types.ts, it is what other packages may import (scripts/deps.ts); the rest of src/ is the remote's own.
 */
export { LikeButton } from './features/like/components/like-button';
