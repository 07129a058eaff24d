/**
 * The room each remote keeps on the page while it loads (CSS lengths), so nothing under it moves when it arrives:
 * the web components' elements (shell/src/elements/deck-elements.ts) and @deck/react's components (packages/react)
 * reserve the same. The share dialog is portalled and takes no room (null).
 */
export const PLACEHOLDER_SIZES = {
  'share-dialog': null,
  /** The like button's own size: its pill, the icon and a count. */
  'like-button': { width: '96px', height: '40px' },
  /** The overlay covers the element the host sized; it keeps that size, and at least the small layout's. */
  'viewer-overlay': { width: '100%', height: '236px' },
  /** The referral panel's height at its narrowest width (the side column of the dashboard). */
  'referral-panel': { width: '100%', height: '360px' },
} as const satisfies Record<'share-dialog' | 'like-button' | 'viewer-overlay' | 'referral-panel', { width: string; height: string } | null>;
