/**
 * The mount contract's types the components take their props from. In the package they come from the contract's
 * published files (`dist/contract/<remote>.d.ts`, the ones @deck/remote-types carries): scripts/react-package.ts
 * points these imports there.
 */
export type { CommonMountProps, DeckRemoteName, HostSettings, Mount, MountHandle, RemoteErrorReport } from '@deck/shared/mount/public-contract';
export type { LikeButtonController, LikeButtonProps } from '../../../remotes/like-button/src/public-types';
export type { ReferralPanelProps } from '../../../remotes/referral-panel/src/public-types';
export type { ShareDialogProps } from '../../../remotes/share-dialog/src/public-types';
export type { ViewerOverlayController, ViewerOverlayProps } from '../../../remotes/viewer-overlay/src/public-types';
