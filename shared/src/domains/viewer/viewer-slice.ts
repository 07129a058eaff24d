import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';
import { clampProgress } from '@deck/shared/domains/viewer/progress';

/**
 * Where the public view page is in a playback. The overlay shows START, LOADING and RESTART
 * (spec §2); during PLAYING it fades out and the document plays.
 */
export type ViewerMode = 'START' | 'LOADING' | 'PLAYING' | 'RESTART';

/** Spec §2: the blurred background preview behind the overlay. */
export type PreviewState = 'none' | 'loading' | 'show' | 'fallback';

export interface DocumentViewerState {
  mode: ViewerMode;
  /** 0..100 while LOADING. */
  progress: number;
  preview: PreviewState;
  /** An image URL of the document's first page, when preview is 'show'. */
  previewUrl: string | null;
  /** Why the last playback could not start, shown on the START screen. */
  loadError: string | null;
}

export interface ViewerState {
  byOid: Record<string, DocumentViewerState>;
}

export const INITIAL_DOCUMENT_VIEWER: DocumentViewerState = {
  mode: 'START',
  progress: 0,
  preview: 'none',
  previewUrl: null,
  loadError: null,
};

const initialState: ViewerState = { byOid: {} };

function entry(state: ViewerState, oid: string): DocumentViewerState {
  state.byOid[oid] ??= { ...INITIAL_DOCUMENT_VIEWER };
  return state.byOid[oid];
}

type OidPayload = PayloadAction<{ oid: string }>;

export const viewerSlice = createSlice({
  name: 'viewer',
  initialState,
  reducers: {
    previewLoading(state, action: OidPayload) {
      const viewer = entry(state, action.payload.oid);
      viewer.preview = 'loading';
      viewer.previewUrl = null;
    },
    previewReady(state, action: PayloadAction<{ oid: string; url: string }>) {
      const viewer = entry(state, action.payload.oid);
      viewer.preview = 'show';
      viewer.previewUrl = action.payload.url;
    },
    /** 'none' when the document has nothing to preview, 'fallback' when rendering it failed. */
    previewUnavailable(state, action: PayloadAction<{ oid: string; preview: 'none' | 'fallback' }>) {
      const viewer = entry(state, action.payload.oid);
      viewer.preview = action.payload.preview;
      viewer.previewUrl = null;
    },
    playbackRequested(state, action: OidPayload) {
      const viewer = entry(state, action.payload.oid);
      viewer.mode = 'LOADING';
      viewer.progress = 0;
      viewer.loadError = null;
    },
    loadingProgressed(state, action: PayloadAction<{ oid: string; progress: number }>) {
      const viewer = entry(state, action.payload.oid);
      if (viewer.mode !== 'LOADING') return;
      viewer.progress = clampProgress(action.payload.progress);
    },
    playbackStarted(state, action: OidPayload) {
      const viewer = entry(state, action.payload.oid);
      viewer.mode = 'PLAYING';
      viewer.progress = 100;
    },
    /** Back to START with no error (a host's `setMode('START')`). */
    playbackReset(state, action: OidPayload) {
      const viewer = entry(state, action.payload.oid);
      viewer.mode = 'START';
      viewer.progress = 0;
      viewer.loadError = null;
    },
    playbackEnded(state, action: OidPayload) {
      entry(state, action.payload.oid).mode = 'RESTART';
    },
    playbackFailed(state, action: PayloadAction<{ oid: string; message: string }>) {
      const viewer = entry(state, action.payload.oid);
      viewer.mode = 'START';
      viewer.progress = 0;
      viewer.loadError = action.payload.message;
    },
  },
  selectors: {
    selectDocumentViewer: (state, oid: string): DocumentViewerState => state.byOid[oid] ?? INITIAL_DOCUMENT_VIEWER,
  },
});

declare module '@deck/shared/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof viewerSlice> {}
}

/**
 * Idempotent. The viewer-overlay remote calls it from its mount and the view page before it
 * drives a playback, so either may act first; selectors below are bound through it.
 */
export function injectViewerSlice() {
  return viewerSlice.injectInto(rootReducer);
}

export const viewerSelectors = injectViewerSlice().selectors;
export const viewerActions = viewerSlice.actions;
