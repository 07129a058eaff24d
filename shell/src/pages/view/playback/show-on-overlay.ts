import type { DocumentViewerState } from '@deck/shared/domains/viewer/viewer-slice';
import type { ViewerOverlayController, ViewerOverlayPreview } from '../../../../../remotes/viewer-overlay/src/public-types';

function previewOf({ preview, previewUrl }: DocumentViewerState): ViewerOverlayPreview {
  if (preview === 'show') return previewUrl ? { url: previewUrl } : 'none';
  return preview;
}

/**
 * Shows the page's playback state through the overlay's controller, the one way a host drives it.
 * Every call is idempotent, so the whole state is handed over whenever it changes, and again when
 * the overlay (re)mounts after the state moved on.
 */
export function showOnOverlay(overlay: ViewerOverlayController, state: DocumentViewerState): void {
  overlay.setPreview(previewOf(state));
  // The last progress and the start of playback may come in one render: the overlay still shows the
  // progress reach its end (100 %) before it fades out. Progress never goes back this way.
  if (state.progress > overlay.getState().progress) overlay.setProgress(state.progress);
  overlay.setMode(state.mode, state.loadError ? { error: state.loadError } : undefined);
  if (state.mode === 'LOADING') overlay.setProgress(state.progress);
}
