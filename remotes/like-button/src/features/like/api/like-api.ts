import type { LikeResponse, PresentationDocument } from '@deck/shared/api/contract';
import { fetchJson } from '@deck/shared/api/fetch-json';
import type { JsonRequest } from '@deck/shared/api/json-request';
import { writeResource } from '@deck/shared/api/resource-slice';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import type { LikeSnapshot, LikeTarget } from '@deck/shared/domains/like/like-sync';
import { likeAuthHeaders } from '../utils/basic-auth';

export interface SetLikeArgs extends LikeTarget {
  /** true likes (PUT), false unlikes (DELETE). */
  liked: boolean;
}

/** Spec §7: like calls go to the document, or through a view link when the viewer came by one. */
export function likeRequest({ oid, viewLinkId, liked }: SetLikeArgs): JsonRequest {
  return {
    url: viewLinkId ? '/api/v4/presentation/like/' : `/api/v4/presentation/${encodeURIComponent(oid)}/like/`,
    method: liked ? 'PUT' : 'DELETE',
    params: viewLinkId ? { auth_key: viewLinkId, key_type: 'prezilink' } : undefined,
    headers: likeAuthHeaders(),
  };
}

/** One like or unlike on the wire; the caller decides what the page shows. */
export function setLike(args: SetLikeArgs) {
  return fetchJson<LikeResponse>(likeRequest(args));
}

export function snapshotOf(document: Pick<PresentationDocument, 'likes_count' | 'has_liked'>): LikeSnapshot {
  return { likesCount: document.likes_count, hasLiked: document.has_liked ?? false };
}

/** Writes a like state into the document that every part of the page reads. */
export function writeLikeIntoDocument(target: LikeTarget, write: (shown: LikeSnapshot) => LikeSnapshot) {
  return writeResource(viewedDocument(target), (document) => {
    const next = write(snapshotOf(document));
    return { ...document, likes_count: next.likesCount, has_liked: next.hasLiked };
  });
}
