/**
 * The pure rules of the like button (spec §4): what an optimistic click shows, and which
 * request, if any, must follow when the server answers. Kept free of React and Redux so the
 * reconciliation of double clicks and bursts can be tested on its own.
 */

/** Spec §3 like button state, without the parts that come from the session. */
export interface LikeSnapshot {
  likesCount: number;
  hasLiked: boolean;
}

/** Identifies one like button: the document, and the view link it was reached through, if any. */
export interface LikeTarget {
  oid: string;
  viewLinkId?: string;
}

export function likeKey({ oid, viewLinkId }: LikeTarget): string {
  return viewLinkId ? `${oid}|${viewLinkId}` : oid;
}

/** The optimistic state after asking for `wantLiked`: the count moves by one, never below zero. */
export function applyLikeIntent(snapshot: LikeSnapshot, wantLiked: boolean): LikeSnapshot {
  if (snapshot.hasLiked === wantLiked) return snapshot;
  const likesCount = wantLiked ? snapshot.likesCount + 1 : Math.max(0, snapshot.likesCount - 1);
  return { likesCount, hasLiked: wantLiked };
}

/** A click asks for the opposite of what is shown. */
export function intentOfClick(shown: LikeSnapshot): boolean {
  return !shown.hasLiked;
}

/**
 * After the server answered one request, the state the user asked for meanwhile (if any)
 * decides the next request: none when the server already holds it, else one more.
 * Only the final wish counts, so a burst of clicks costs at most one extra request.
 */
export function followUpRequest(queued: boolean | null, confirmed: LikeSnapshot): boolean | null {
  if (queued === null || queued === confirmed.hasLiked) return null;
  return queued;
}
