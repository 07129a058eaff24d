import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';
import type { ServerRefusal } from '@deck/shared/api/server-messages';

/** The like requests of one button: at most one on the wire, plus the user's latest wish. */
export interface LikeRequestState {
  inFlight: boolean;
  /** The state the user asked for while a request was in flight; sent (if still needed) when it settles. */
  queued: boolean | null;
  /**
   * The last failure: the status text, the server's refusal (shown translated by its code), whether it
   * was a like (true) or an unlike, and a sequence number so each failure plays its error animation once.
   */
  failure: { message: string; refusal: ServerRefusal; liked: boolean; seq: number } | null;
}

export interface LikeState {
  byKey: Record<string, LikeRequestState>;
  failureSeq: number;
}

const initialState: LikeState = { byKey: {}, failureSeq: 0 };

export const IDLE_LIKE_REQUEST: LikeRequestState = { inFlight: false, queued: null, failure: null };

function entry(state: LikeState, key: string): LikeRequestState {
  state.byKey[key] ??= { ...IDLE_LIKE_REQUEST };
  return state.byKey[key];
}

export const likeSlice = createSlice({
  name: 'like',
  initialState,
  reducers: {
    requestStarted(state, action: PayloadAction<{ key: string }>) {
      const request = entry(state, action.payload.key);
      request.inFlight = true;
      request.failure = null;
    },
    wishQueued(state, action: PayloadAction<{ key: string; liked: boolean }>) {
      entry(state, action.payload.key).queued = action.payload.liked;
    },
    queueTaken(state, action: PayloadAction<{ key: string }>) {
      entry(state, action.payload.key).queued = null;
    },
    requestsSettled(state, action: PayloadAction<{ key: string }>) {
      const request = entry(state, action.payload.key);
      request.inFlight = false;
      request.queued = null;
    },
    requestFailed(state, action: PayloadAction<{ key: string; message: string; refusal: ServerRefusal; liked: boolean }>) {
      state.failureSeq += 1;
      const request = entry(state, action.payload.key);
      request.inFlight = false;
      request.queued = null;
      request.failure = { message: action.payload.message, refusal: action.payload.refusal, liked: action.payload.liked, seq: state.failureSeq };
    },
  },
  selectors: {
    selectLikeRequest: (state, key: string): LikeRequestState => state.byKey[key] ?? IDLE_LIKE_REQUEST,
  },
});

declare module '@deck/shared/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof likeSlice> {}
}

/** Idempotent: the like-button remote calls it from its mount; selectors below are bound through it. */
export function injectLikeSlice() {
  return likeSlice.injectInto(rootReducer);
}

/** Selectors on the page's root state; before the first like action they read the initial state. */
export const likeSelectors = injectLikeSlice().selectors;
export const likeActions = likeSlice.actions;
