import type { Mount } from '@deck/shared/mount/public-contract';

/**
 * The viewer-overlay remote's published contract (served as /remotes/viewer-overlay/types.d.ts):
 * the component and the mount use these types, so what a host compiles against is what runs.
 */

export interface ViewerOverlayProps {
  /** The document shown: title, 'by <owner>', last-modified date, owner avatar. */
  documentOid: string;
  /** The view link the viewer came through, so the document is read with its access. */
  viewLinkId?: string;
  /** START: a link to the product site, shown when given. */
  productSiteUrl?: string;
  /** RESTART: a 'Learn more' link, shown when given. */
  learnMoreUrl?: string;
  /** START: the Present button asks the host to start playback; without it no button is shown. */
  onPresent?: () => void;
  /** RESTART: the Restart button; defaults to onPresent. */
  onRestart?: () => void;
}

/** Spec §2: START (Present), LOADING (progress), PLAYING (faded out), RESTART (Restart, Learn more). */
export type ViewerOverlayMode = 'START' | 'LOADING' | 'PLAYING' | 'RESTART';

/** The background behind START and RESTART: an image URL, a soft pulse while it loads, none, or a plain fallback. */
export type ViewerOverlayPreview = { url: string } | 'loading' | 'none' | 'fallback';

export interface ViewerOverlayState {
  mode: ViewerOverlayMode;
  /** 0..100 while LOADING. */
  progress: number;
  preview: 'none' | 'loading' | 'show' | 'fallback';
  previewUrl: string | null;
  /** Why the last playback could not start, shown on START. */
  loadError: string | null;
}

/** How a host drives the overlay of the mounted document. */
export interface ViewerOverlayController {
  /**
   * Shows a mode. 'LOADING' starts at 0 % (unless already loading); 'START' with `error` shows
   * 'The presentation could not be loaded. Please try again.' (the error itself is for your log); 'PLAYING' fades the overlay out.
   */
  setMode(mode: ViewerOverlayMode, options?: { error?: string }): void;
  /** The LOADING progress, 0..100 (clamped); ignored in other modes. */
  setProgress(progress: number): void;
  setPreview(preview: ViewerOverlayPreview): void;
  getState(): ViewerOverlayState;
}

export type ViewerOverlayMount = Mount<ViewerOverlayProps, ViewerOverlayController>;
