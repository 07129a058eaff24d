import { createPlainSlice, patchEntry } from '@deck/shared/store/plain-slice';
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

type OidPayload = { oid: string };

/** The document's viewer with `patch` applied. */
function patched(state: ViewerState, oid: string, patch: Partial<DocumentViewerState>): ViewerState {
  return { byOid: patchEntry(state.byOid, oid, INITIAL_DOCUMENT_VIEWER, patch) };
}

export const viewerSlice = createPlainSlice({
  name: 'viewer',
  initialState,
  reducers: {
    previewLoading: (state, { oid }: OidPayload) => patched(state, oid, { preview: 'loading', previewUrl: null }),
    previewReady: (state, { oid, url }: OidPayload & { url: string }) => patched(state, oid, { preview: 'show', previewUrl: url }),
    /** 'none' when the document has nothing to preview, 'fallback' when rendering it failed. */
    previewUnavailable: (state, { oid, preview }: OidPayload & { preview: 'none' | 'fallback' }) => patched(state, oid, { preview, previewUrl: null }),
    playbackRequested: (state, { oid }: OidPayload) => patched(state, oid, { mode: 'LOADING', progress: 0, loadError: null }),
    loadingProgressed: (state, { oid, progress }: OidPayload & { progress: number }) =>
      (state.byOid[oid] ?? INITIAL_DOCUMENT_VIEWER).mode === 'LOADING' ? patched(state, oid, { progress: clampProgress(progress) }) : state,
    playbackStarted: (state, { oid }: OidPayload) => patched(state, oid, { mode: 'PLAYING', progress: 100 }),
    /** Back to START with no error (a host's `setMode('START')`). */
    playbackReset: (state, { oid }: OidPayload) => patched(state, oid, { mode: 'START', progress: 0, loadError: null }),
    playbackEnded: (state, { oid }: OidPayload) => patched(state, oid, { mode: 'RESTART' }),
    playbackFailed: (state, { oid, message }: OidPayload & { message: string }) => patched(state, oid, { mode: 'START', progress: 0, loadError: message }),
  },
  selectors: {
    selectDocumentViewer: (state, oid: string): DocumentViewerState => state.byOid[oid] ?? INITIAL_DOCUMENT_VIEWER,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices {
    viewer: ViewerState;
  }
}

/**
 * Idempotent. The viewer-overlay remote calls it from its mount and the view page before it
 * drives a playback, so either may act first; the selectors read the initial state until then.
 */
export function injectViewerSlice() {
  rootReducer.inject(viewerSlice);
}

injectViewerSlice();
export const viewerSelectors = viewerSlice.selectors;
export const viewerActions = viewerSlice.actions;
