/**
 * The Deck remotes' mount contract, one namespace per remote: `import type { LikeButton } from '@deck/remote-types'`
 * then `LikeButton.LikeButtonMount`, or import a remote's module itself: `@deck/remote-types/like-button`.
 * The package's version is the contract's (CHANGELOG.md of the product).
 */
export type * as ShareDialog from './share-dialog';
export type * as LikeButton from './like-button';
export type * as ViewerOverlay from './viewer-overlay';
export type * as ReferralPanel from './referral-panel';
