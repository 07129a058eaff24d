import type { ServerRefusal } from '@deck/shared/api/server-messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '@deck/shared/api/session-resource';
import { useViewedDocument } from '@deck/shared/domains/document/document-resource';
import { likeSelectors } from '@deck/shared/domains/like/like-slice';
import { hasLikeButton } from '@deck/shared/domains/like/likeable';
import { likeKey, type LikeTarget } from '@deck/shared/domains/like/like-sync';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { useReportFailure, useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { toggleLike } from '../api/toggle-like';

export type LikeAnimation = 'liked' | 'unliked' | 'error';

import type { LikeInitialState } from '../../../public-types';

export type { LikeInitialState };

export interface LikeButtonState {
  /** Spec §3 like button state. likesCount undefined hides the button. */
  oid: string;
  likesCount: number | undefined;
  hasLiked: boolean;
  /** undefined while the session is being read. */
  isAuthenticated: boolean | undefined;
  /** Clicks are taken once the document and the session are known. */
  ready: boolean;
  animation: { kind: LikeAnimation; id: number } | null;
  failure: { message: string; refusal: ServerRefusal; liked: boolean } | null;
  click: () => void;
  animationDone: () => void;
}

export function useLikeButton(
  target: LikeTarget,
  onLoggedOutLike: (oid: string) => void,
  initialState: LikeInitialState | undefined,
): LikeButtonState {
  const dispatch = useAppDispatch();
  const session = useSession();
  const { data: document, error: documentError } = useViewedDocument({ oid: target.oid, viewLinkId: target.viewLinkId });
  // Without its document the button shows nothing (spec §1), so the host hears of it as not shown.
  useReportLoadFailure(documentError, false);
  const reportFailure = useReportFailure();
  const request = useAppSelector((state) => likeSelectors.selectLikeRequest(state, likeKey(target)));

  // A failed session read counts as signed out: the viewer is offered sign-in rather than a dead button.
  const isAuthenticated = session.data ? session.data.user !== null : session.isError ? false : undefined;
  // A design or timeline has no like button (spec §1): no count, so nothing shows.
  const likesCount = document && !hasLikeButton(document.schema_version_name) ? undefined : (document?.likes_count ?? initialState?.likesCount);
  const hasLiked = document ? (document.has_liked ?? false) : (initialState?.hasLiked ?? false);

  const [animation, setAnimation] = useState<LikeButtonState['animation']>(null);
  const animationIds = useRef(0);
  const play = useCallback((kind: LikeAnimation) => {
    animationIds.current += 1;
    setAnimation({ kind, id: animationIds.current });
  }, []);

  // Each failure plays the error animation once, including one that settles after further clicks.
  const seenFailure = useRef(request.failure?.seq ?? 0);
  useEffect(() => {
    if (request.failure && request.failure.seq !== seenFailure.current) {
      seenFailure.current = request.failure.seq;
      play('error');
      reportFailure.write(request.failure.refusal, true);
    }
  }, [request.failure, play, reportFailure]);

  const { oid, viewLinkId } = target;
  const click = useCallback(() => {
    if (isAuthenticated === false) {
      onLoggedOutLike(oid);
      return;
    }
    if (isAuthenticated === undefined || !document) return;
    const wish = !hasLiked;
    play(wish ? 'liked' : 'unliked');
    // A failure is shown from the like slice (revert, error animation, message), so nothing is lost here.
    dispatch(toggleLike({ oid, viewLinkId })).catch(() => undefined);
  }, [isAuthenticated, document, hasLiked, onLoggedOutLike, oid, viewLinkId, play, dispatch]);

  const animationDone = useCallback(() => setAnimation(null), []);

  return {
    oid,
    likesCount,
    hasLiked,
    isAuthenticated,
    ready: isAuthenticated === false || (isAuthenticated === true && Boolean(document)),
    animation,
    failure: request.failure ? { message: request.failure.message, refusal: request.failure.refusal, liked: request.failure.liked } : null,
    click,
    animationDone,
  };
}
