import { createAppStore } from '@deck/shared/store/store';
import { injectViewerSlice, INITIAL_DOCUMENT_VIEWER } from '@deck/shared/domains/viewer/viewer-slice';
import { overlayController } from '../../../../../remotes/viewer-overlay/src/overlay-controller';
import { showOnOverlay } from './show-on-overlay';

describe('showOnOverlay', () => {
  function overlay() {
    injectViewerSlice();
    return overlayController({ store: createAppStore(), props: () => ({ documentOid: 'doc' }) });
  }

  it('hands over the whole state, idempotently', () => {
    const controller = overlay();
    const loading = { ...INITIAL_DOCUMENT_VIEWER, mode: 'LOADING' as const, progress: 40, preview: 'show' as const, previewUrl: 'blob:1' };
    showOnOverlay(controller, loading);
    showOnOverlay(controller, loading);
    expect(controller.getState()).toEqual(loading);
    const failed = { ...loading, mode: 'START' as const, progress: 0, loadError: 'timeout' };
    showOnOverlay(controller, failed);
    expect(controller.getState()).toEqual(failed);
  });

  it('shows the loading reach 100 % when the last progress and the start of playback arrive together', () => {
    const controller = overlay();
    showOnOverlay(controller, { ...INITIAL_DOCUMENT_VIEWER, mode: 'LOADING', progress: 87 });
    const seen: number[] = [];
    const setProgress = controller.setProgress.bind(controller);
    controller.setProgress = (progress) => {
      seen.push(progress);
      setProgress(progress);
    };
    showOnOverlay(controller, { ...INITIAL_DOCUMENT_VIEWER, mode: 'PLAYING', progress: 100 });
    expect(seen).toEqual([100]);
    expect(controller.getState()).toMatchObject({ mode: 'PLAYING', progress: 100 });
  });
});
