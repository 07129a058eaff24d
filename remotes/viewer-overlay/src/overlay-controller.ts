import type { ControllerContext } from '@deck/shared/mount/create-mount';
import { viewerActions, viewerSelectors } from '@deck/shared/domains/viewer/viewer-slice';
import { expect, MountPropError, optional, propValidator } from '@deck/shared/mount/validate-props';
import type { ViewerOverlayController, ViewerOverlayMode, ViewerOverlayPreview, ViewerOverlayProps } from './public-types';

const MODES: readonly ViewerOverlayMode[] = ['START', 'LOADING', 'PLAYING', 'RESTART'];
const PREVIEW_WORDS = ['loading', 'none', 'fallback'] as const;

const checkModeOptions = propValidator('viewer-overlay', [optional(expect.string('error'))]);

/** The overlay's controller: each call changes the mounted document's entry in the `viewer` slice, which the overlay renders. */
export function overlayController({ store, props }: ControllerContext<ViewerOverlayProps>): ViewerOverlayController {
  const oid = () => props().documentOid;
  const state = () => viewerSelectors.selectDocumentViewer(store.getState(), oid());
  return {
    setMode(mode, options = {}) {
      if (!MODES.includes(mode)) throw new MountPropError('viewer-overlay', 'setMode(mode)', `'START', 'LOADING', 'PLAYING' or 'RESTART'`, mode);
      checkModeOptions(options);
      const target = { oid: oid() };
      if (mode === 'START') store.dispatch(options.error ? viewerActions.playbackFailed({ ...target, message: options.error }) : viewerActions.playbackReset(target));
      else if (mode === 'LOADING') {
        if (state().mode !== 'LOADING') store.dispatch(viewerActions.playbackRequested(target));
      } else if (mode === 'PLAYING') store.dispatch(viewerActions.playbackStarted(target));
      else store.dispatch(viewerActions.playbackEnded(target));
    },
    setProgress(progress) {
      if (typeof progress !== 'number' || !Number.isFinite(progress)) throw new MountPropError('viewer-overlay', 'setProgress(progress)', 'a finite number (0..100)', progress);
      store.dispatch(viewerActions.loadingProgressed({ oid: oid(), progress }));
    },
    setPreview(preview: ViewerOverlayPreview) {
      if (typeof preview === 'object' && preview !== null && typeof preview.url === 'string' && preview.url !== '') {
        store.dispatch(viewerActions.previewReady({ oid: oid(), url: preview.url }));
      } else if (preview === 'loading') store.dispatch(viewerActions.previewLoading({ oid: oid() }));
      else if (preview === 'none' || preview === 'fallback') store.dispatch(viewerActions.previewUnavailable({ oid: oid(), preview }));
      else throw new MountPropError('viewer-overlay', 'setPreview(preview)', `{ url: string }, ${PREVIEW_WORDS.map((word) => `'${word}'`).join(', ')}`, preview);
    },
    getState: () => ({ ...state() }),
  };
}
