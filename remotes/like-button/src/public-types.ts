import type { Mount } from '@deck/shared/mount/public-contract';

/**
 * The like-button remote's published contract (served as /remotes/like-button/types.d.ts): the
 * component and the mount use these types, so what a host compiles against is what runs.
 */

/** The count and state a host may show before the document arrives. */
export interface LikeInitialState {
  likesCount?: number;
  hasLiked?: boolean;
}

/** What the button shows for its document. */
export interface LikeState {
  likesCount: number;
  hasLiked: boolean;
}

export interface LikeButtonProps {
  /** The document to like. */
  documentOid: string;
  /** The view link the viewer came through; likes then go through the link (spec §7). */
  viewLinkId?: string;
  /** Called with the document's oid when a signed-out viewer clicks; the host offers sign-in. */
  onLoggedOutLike: (oid: string) => void;
  /** Shown until the document arrives, so a host that knows the count can show it at once. */
  initialState?: LikeInitialState;
}

export interface LikeButtonController {
  /** The count and state the button shows now (after optimistic clicks), or null while its document is not loaded. */
  getState(): LikeState | null;
}

export type LikeButtonMount = Mount<LikeButtonProps, LikeButtonController>;
