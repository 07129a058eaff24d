'use client';
import { remoteComponent, type RemoteComponent } from './remote-component';
import type { LikeButtonController, LikeButtonProps, ReferralPanelProps, ShareDialogProps, ViewerOverlayController, ViewerOverlayProps } from './contract';

/**
 * @deck/react: the Deck remotes as React components (docs/integrating-a-remote.md of the product, "Next.js and any
 * React app: @deck/react"). Client components: a server component renders them with their placeholder.
 */
export { DeckProvider, type RemoteComponent, type RemoteComponentProps } from './remote-component';
export { configureDeck, preload, type DeckConfig } from './config';
export type * from './contract';

/** The share dialog (portalled: it takes no room). Without `rootElementId` it gets a root of its own at the end of the body. */
export const ShareDialog: RemoteComponent<Omit<ShareDialogProps, 'rootElementId'> & { rootElementId?: string }> = remoteComponent('share-dialog', (props, modalRoot) => ({
  ...props,
  rootElementId: props.rootElementId ?? modalRoot(),
}));
export const LikeButton: RemoteComponent<LikeButtonProps, LikeButtonController> = remoteComponent('like-button');
export const ViewerOverlay: RemoteComponent<ViewerOverlayProps, ViewerOverlayController> = remoteComponent('viewer-overlay');
export const ReferralPanel: RemoteComponent<ReferralPanelProps> = remoteComponent('referral-panel');
