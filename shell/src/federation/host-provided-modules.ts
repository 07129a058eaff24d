import { createMount } from '@deck/shared/mount/create-mount';
import * as likeSlice from '@deck/shared/domains/like/like-slice';
import * as likeSync from '@deck/shared/domains/like/like-sync';
import * as likeable from '@deck/shared/domains/like/likeable';
import * as avatar from '@deck/shared/ui/avatar/avatar';
import * as avatarIdentity from '@deck/shared/ui/avatar/avatar-identity';
import * as contrast from '@deck/shared/theme/contrast';

/**
 * Shared modules the remotes need but the shell's own pages do not, loaded by the shell at start so
 * the shell provides them from its `deck-shared` chunk, which the page fetches anyway. Without them
 * the view page fetched six tiny scripts (0.2–0.8 KB gzip each) one by one from the like-button and
 * overlay containers, their fallbacks: `createMount` (every remote), the like domain (like button),
 * the avatar and the contrast helper it uses (the overlay's byline). (`createMount` was first added
 * because two remotes mounting at once each fetched their own copy under 'version-first'; every build
 * is 'loaded-first' now, see docs/decisions.md "One provider per shared module".)
 * e2e/page-weight.spec.ts fails when a page fetches one module twice, and holds the view page's
 * script count.
 */
export const HOST_PROVIDED_MODULES = { createMount, likeSlice, likeSync, likeable, avatar, avatarIdentity, contrast } as const;
