import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '@deck/shared/store/store';
import { selectResourceData } from '@deck/shared/api/resource-slice';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import { likeActions, likeSelectors } from '@deck/shared/domains/like/like-slice';
import {
  applyLikeIntent,
  followUpRequest,
  intentOfClick,
  likeKey,
  type LikeSnapshot,
  type LikeTarget,
} from '@deck/shared/domains/like/like-sync';
import { setLike, snapshotOf, writeLikeIntoDocument } from './like-api';
import { LikeFailure, likeFailureMessage } from '../utils/like-failure';
import { refusalOf } from '@deck/shared/api/server-messages';
import { toApiError } from '@deck/shared/api/errors';

type AppThunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/** The like state the page shows for a document, or null while the document is not loaded. */
export function selectShownLike(state: RootState, target: LikeTarget): LikeSnapshot | null {
  const document = selectResourceData(state, viewedDocument(target));
  return document ? snapshotOf(document) : null;
}

/**
 * One click of a signed-in viewer: unlike if liked, else like (spec §4), shown at once.
 *
 * Requests are serialised so a double click or a burst can never leave the count different
 * from the server's: while one request is in flight, further clicks only move what is shown and
 * record the final wish; when the server answers, its LikeResponse becomes the shown state and
 * at most one more request carries the wish, if the server does not already hold it.
 *
 * Resolves with the server's final state (null for a click absorbed by a request in flight);
 * rejects with the status text when a request fails, after the shown state went back to the
 * server's last known one.
 */
export function toggleLike(target: LikeTarget): AppThunk<Promise<LikeSnapshot | null>> {
  return async (dispatch, getState) => {
    const shown = selectShownLike(getState(), target);
    if (!shown) throw new LikeFailure('The document is not loaded yet.');
    const key = likeKey(target);
    const wish = intentOfClick(shown);

    if (likeSelectors.selectLikeRequest(getState(), key).inFlight) {
      dispatch(likeActions.wishQueued({ key, liked: wish }));
      dispatch(writeLikeIntoDocument(target, (current) => applyLikeIntent(current, wish)));
      return null;
    }

    dispatch(likeActions.requestStarted({ key }));
    let next: boolean | null = wish;
    let confirmed = shown;
    while (next !== null) {
      const liked = next;
      // Optimistic: the count moves at once (a queued wish has already moved it).
      dispatch(writeLikeIntoDocument(target, (current) => applyLikeIntent(current, liked)));
      const result = await setLike({ ...target, liked });
      if (result.error) {
        const message = likeFailureMessage(result.error);
        // Back to the server's last known state: this request's step and any queued since are dropped.
        dispatch(writeLikeIntoDocument(target, () => confirmed));
        dispatch(likeActions.requestFailed({ key, message, refusal: refusalOf(toApiError(result.error)), liked }));
        throw new LikeFailure(message);
      }
      confirmed = { likesCount: result.data.likes_count, hasLiked: result.data.has_liked };
      const queued = likeSelectors.selectLikeRequest(getState(), key).queued;
      dispatch(likeActions.queueTaken({ key }));
      // The server's answer replaces every optimistic step so far; a follow-up request moves it again.
      dispatch(writeLikeIntoDocument(target, () => confirmed));
      next = followUpRequest(queued, confirmed);
    }
    dispatch(likeActions.requestsSettled({ key }));
    return confirmed;
  };
}
