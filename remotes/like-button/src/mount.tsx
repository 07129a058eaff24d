import { createMount, type Mount } from '@deck/shared/mount/create-mount';
import { injectLikeSlice } from '@deck/shared/domains/like/like-slice';
import { expect, optional, propValidator } from '@deck/shared/mount/validate-props';
import { LikeButton } from './features/like/components/like-button';
import { selectShownLike } from './features/like/api/toggle-like';
import type { LikeButtonController, LikeButtonProps } from './public-types';

export type { LikeButtonProps };

export const validateLikeButtonProps = propValidator('like-button', [
  expect.nonEmptyString('documentOid'),
  expect.function('onLoggedOutLike'),
  optional(expect.nonEmptyString('viewLinkId')),
  optional(
    expect.object('initialState', {
      likesCount: optional(expect.finiteNumber('likesCount')),
      hasLiked: optional(expect.boolean('hasLiked')),
    }),
  ),
]);

/** The like-button remote's `./mount`: `mount(element, props)` returns its handle (docs/integrating-a-remote.md). */
export const mount: Mount<LikeButtonProps, LikeButtonController> = createMount<LikeButtonProps, LikeButtonController>(
  'like-button',
  LikeButton,
  {
    validate: validateLikeButtonProps,
    onStore: () => {
      injectLikeSlice();
    },
    controller: ({ store, props }) => ({
      getState: () => {
        const { documentOid, viewLinkId } = props();
        return selectShownLike(store.getState(), { oid: documentOid, viewLinkId });
      },
    }),
  },
);
export default mount;
