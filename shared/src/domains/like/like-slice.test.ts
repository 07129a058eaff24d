import { IDLE_LIKE_REQUEST, likeActions, likeSlice } from './like-slice';
import { refusalOf } from '@deck/shared/api/server-messages';
import type { ApiError } from '@deck/shared/api/errors';

const refusal = refusalOf({ status: 429, message: 'Too Many Requests' } as ApiError);

describe('like slice', () => {
  it('numbers each failure, so each plays its error animation once, and keeps the other buttons as they are', () => {
    let state = likeSlice.reducer(undefined, likeActions.requestStarted({ key: 'b' }));
    const other = state.byKey.b;
    state = Object.freeze({ ...state, byKey: Object.freeze({ ...state.byKey }) });
    state = likeSlice.reducer(state, likeActions.requestStarted({ key: 'a' }));
    state = likeSlice.reducer(state, likeActions.requestFailed({ key: 'a', message: 'Too Many Requests', refusal, liked: true }));
    expect(state.byKey.a).toEqual({ inFlight: false, queued: null, failure: { message: 'Too Many Requests', refusal, liked: true, seq: 1 } });
    state = likeSlice.reducer(state, likeActions.requestFailed({ key: 'a', message: 'Forbidden', refusal, liked: false }));
    expect(state.byKey.a.failure).toMatchObject({ message: 'Forbidden', seq: 2 });
    expect(state.byKey.b).toBe(other);
  });

  it('keeps the latest wish while a request is in flight, and forgets it when the requests settle', () => {
    let state = likeSlice.reducer(undefined, likeActions.requestStarted({ key: 'a' }));
    state = likeSlice.reducer(state, likeActions.wishQueued({ key: 'a', liked: false }));
    expect(likeSlice.selectors.selectLikeRequest({ like: state }, 'a')).toEqual({ inFlight: true, queued: false, failure: null });
    state = likeSlice.reducer(state, likeActions.requestsSettled({ key: 'a' }));
    expect(likeSlice.selectors.selectLikeRequest({ like: state }, 'a')).toEqual(IDLE_LIKE_REQUEST);
    expect(likeSlice.selectors.selectLikeRequest({}, 'unseen')).toBe(IDLE_LIKE_REQUEST);
  });
});
