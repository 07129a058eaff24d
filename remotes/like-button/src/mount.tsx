import { createMount } from '@deck/shared/mount/create-mount';
import { injectLikeSlice } from '@deck/shared/domains/like/like-slice';
import { LikeButton, type LikeButtonProps } from './features/like/components/like-button';

export type { LikeButtonProps };

/** The like-button remote's `./mount`: `mount(element, props)` returns `unmount`. */
export const mount = createMount<LikeButtonProps>('like-button', LikeButton, () => {
  injectLikeSlice();
});
export default mount;
