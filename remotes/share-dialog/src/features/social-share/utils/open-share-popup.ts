import { popupFeatures, type SocialNetwork } from './share-url';

/**
 * Opens the network's share page in a popup centred on the current window. The popup loses its
 * opener, so the network's page cannot reach back into ours. Returns false when the browser blocked it.
 */
export function openSharePopup(network: SocialNetwork, shareUrl: string, win: Window = window): boolean {
  const area = {
    left: win.screenX ?? 0,
    top: win.screenY ?? 0,
    width: win.outerWidth || win.innerWidth,
    height: win.outerHeight || win.innerHeight,
  };
  const popup = win.open(shareUrl, `deck-share-${network}`, popupFeatures(network, area));
  if (!popup) return false;
  popup.opener = null;
  return true;
}
