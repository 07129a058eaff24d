import { createAppStore } from '../../store/store';
import { INITIAL_DOCUMENT_VIEWER, viewerActions, viewerSelectors } from './viewer-slice';

describe('viewer slice', () => {
  it('reads the START state for a document it has not seen', () => {
    const store = createAppStore();
    expect(viewerSelectors.selectDocumentViewer(store.getState(), 'doc1')).toEqual(INITIAL_DOCUMENT_VIEWER);
  });

  it('goes START → LOADING → PLAYING → RESTART, with clamped progress while loading', () => {
    const store = createAppStore();
    const mode = () => viewerSelectors.selectDocumentViewer(store.getState(), 'doc1');
    store.dispatch(viewerActions.playbackRequested({ oid: 'doc1' }));
    expect(mode()).toMatchObject({ mode: 'LOADING', progress: 0 });
    store.dispatch(viewerActions.loadingProgressed({ oid: 'doc1', progress: 250 }));
    expect(mode().progress).toBe(100);
    store.dispatch(viewerActions.loadingProgressed({ oid: 'doc1', progress: -3 }));
    expect(mode().progress).toBe(0);
    store.dispatch(viewerActions.playbackStarted({ oid: 'doc1' }));
    expect(mode().mode).toBe('PLAYING');
    store.dispatch(viewerActions.playbackEnded({ oid: 'doc1' }));
    expect(mode().mode).toBe('RESTART');
  });

  it('ignores progress outside LOADING, so a late page cannot re-open the ring', () => {
    const store = createAppStore();
    store.dispatch(viewerActions.playbackRequested({ oid: 'doc1' }));
    store.dispatch(viewerActions.playbackStarted({ oid: 'doc1' }));
    store.dispatch(viewerActions.loadingProgressed({ oid: 'doc1', progress: 10 }));
    expect(viewerSelectors.selectDocumentViewer(store.getState(), 'doc1')).toMatchObject({ mode: 'PLAYING', progress: 100 });
  });

  it('returns to START with the reason when a playback fails to load', () => {
    const store = createAppStore();
    store.dispatch(viewerActions.playbackRequested({ oid: 'doc1' }));
    store.dispatch(viewerActions.playbackFailed({ oid: 'doc1', message: 'Not Found' }));
    expect(viewerSelectors.selectDocumentViewer(store.getState(), 'doc1')).toMatchObject({ mode: 'START', loadError: 'Not Found' });
  });

  it('tracks the preview through loading to show, and to none or fallback', () => {
    const store = createAppStore();
    const preview = () => viewerSelectors.selectDocumentViewer(store.getState(), 'doc1');
    store.dispatch(viewerActions.previewLoading({ oid: 'doc1' }));
    expect(preview()).toMatchObject({ preview: 'loading', previewUrl: null });
    store.dispatch(viewerActions.previewReady({ oid: 'doc1', url: 'blob:page-1' }));
    expect(preview()).toMatchObject({ preview: 'show', previewUrl: 'blob:page-1' });
    store.dispatch(viewerActions.previewUnavailable({ oid: 'doc1', preview: 'fallback' }));
    expect(preview()).toMatchObject({ preview: 'fallback', previewUrl: null });
  });

  it('keeps documents apart', () => {
    const store = createAppStore();
    store.dispatch(viewerActions.playbackRequested({ oid: 'doc1' }));
    expect(viewerSelectors.selectDocumentViewer(store.getState(), 'doc2').mode).toBe('START');
  });
});
