import { api } from '@deck/shared/api/api';
import type { LikeResponse, PresentationDocument } from '@deck/shared/api/contract';
import { documentApi } from '@deck/shared/domains/document/document-api';
import { applyLikeIntent, type LikeSnapshot, type LikeTarget } from '@deck/shared/domains/like/like-sync';
import { likeAuthHeaders } from '../utils/basic-auth';

export interface SetLikeArgs extends LikeTarget {
  /** true likes (PUT), false unlikes (DELETE). */
  liked: boolean;
}

/** Spec §7: like calls go to the document, or through a view link when the viewer came by one. */
export function likeRequest({ oid, viewLinkId, liked }: SetLikeArgs) {
  return {
    url: viewLinkId ? '/api/v4/presentation/like/' : `/api/v4/presentation/${encodeURIComponent(oid)}/like/`,
    method: liked ? 'PUT' : 'DELETE',
    params: viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : undefined,
    headers: likeAuthHeaders(),
  };
}

export function snapshotOf(document: Pick<PresentationDocument, 'likes_count' | 'has_liked'>): LikeSnapshot {
  return { likesCount: document.likes_count, hasLiked: document.has_liked ?? false };
}

/** Writes a like state into the cached document that every part of the page reads. */
export function writeLikeIntoDocument(target: LikeTarget, write: (shown: LikeSnapshot) => LikeSnapshot) {
  return documentApi.util.updateQueryData('getDocument', { oid: target.oid, viewLinkId: target.viewLinkId }, (draft) => {
    const next = write(snapshotOf(draft));
    draft.likes_count = next.likesCount;
    draft.has_liked = next.hasLiked;
  });
}

export const likeApi = api.injectEndpoints({
  endpoints: (build) => ({
    setLike: build.mutation<LikeResponse, SetLikeArgs>({
      query: likeRequest,
      // Optimistic: the count moves at once; a failed call puts the document back as it was.
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(writeLikeIntoDocument(args, (shown) => applyLikeIntent(shown, args.liked)));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});
