import { createPlainSlice, patchEntry } from '@deck/shared/store/plain-slice';
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

type KeyPayload = { key: string };

/** The button's entry with `patch` applied. */
function patched(state: LikeState, key: string, patch: Partial<LikeRequestState>): LikeState {
  return { ...state, byKey: patchEntry(state.byKey, key, IDLE_LIKE_REQUEST, patch) };
}

export const likeSlice = createPlainSlice({
  name: 'like',
  initialState,
  reducers: {
    requestStarted: (state, { key }: KeyPayload) => patched(state, key, { inFlight: true, failure: null }),
    wishQueued: (state, { key, liked }: KeyPayload & { liked: boolean }) => patched(state, key, { queued: liked }),
    queueTaken: (state, { key }: KeyPayload) => patched(state, key, { queued: null }),
    requestsSettled: (state, { key }: KeyPayload) => patched(state, key, { inFlight: false, queued: null }),
    requestFailed: (state, { key, message, refusal, liked }: KeyPayload & { message: string; refusal: ServerRefusal; liked: boolean }) => {
      const seq = state.failureSeq + 1;
      return { ...patched(state, key, { inFlight: false, queued: null, failure: { message, refusal, liked, seq } }), failureSeq: seq };
    },
  },
  selectors: {
    selectLikeRequest: (state, key: string): LikeRequestState => state.byKey[key] ?? IDLE_LIKE_REQUEST,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices {
    like: LikeState;
  }
}

/** Idempotent: the like-button remote calls it from its mount; the selectors read the initial state until then. */
export function injectLikeSlice() {
  rootReducer.inject(likeSlice);
}

injectLikeSlice();
/** Selectors on the page's root state; before the first like action they read the initial state. */
export const likeSelectors = likeSlice.selectors;
export const likeActions = likeSlice.actions;
