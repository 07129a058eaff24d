import type { LikeButtonProps } from '../../../remotes/like-button/src/public-types';
import type { ReferralPanelProps } from '../../../remotes/referral-panel/src/public-types';
import type { ShareDialogProps } from '../../../remotes/share-dialog/src/public-types';
import type { ViewerOverlayProps } from '../../../remotes/viewer-overlay/src/public-types';
import { PLACEHOLDER_SIZES } from '@deck/shared/mount/placeholder-sizes';
import { deckElementClass, type DeckElementSpec, type MountLoader } from './deck-element';

/**
 * The four remotes as custom elements (docs/integrating-a-remote.md, "A plain page or any framework: web components").
 * Every element reports failures as `deck-error` (the RemoteErrorReport of `onError`), its container's load included.
 */
const COMMON = { locale: 'string', theme: 'string', settings: 'json' } as const;

let modalRoots = 0;

const shareDialog: DeckElementSpec<ShareDialogProps> = {
  remote: 'share-dialog',
  attributes: { ...COMMON, documentOid: 'string', open: 'boolean', page: 'string', footer: 'string', modal: 'string', rootElementId: 'string', selectedFolder: 'json', prefilled: 'json' },
  events: { onClose: 'deck-close', onUpgrade: 'deck-upgrade', onError: 'deck-error' },
  // The dialog is portalled, so the element takes no room.
  placeholder: PLACEHOLDER_SIZES['share-dialog'],
  complete: (props, element) => {
    // A folder page has no document; otherwise a missing document stays missing, for mount to refuse.
    const documentOid = props.documentOid ?? (props.page === 'folder' ? null : undefined);
    if (props.rootElementId) return { documentOid };
    // Without one of the host's, the element's own modal root at the end of the body (spec: outside any overflow).
    element.dataset.modalRoot ??= `deck-modal-root-${++modalRoots}`;
    let root = document.getElementById(element.dataset.modalRoot);
    if (!root) {
      root = document.createElement('div');
      root.id = element.dataset.modalRoot;
      document.body.append(root);
    }
    return { documentOid, rootElementId: root.id, open: props.open ?? false };
  },
};

const likeButton: DeckElementSpec<LikeButtonProps> = {
  remote: 'like-button',
  attributes: { ...COMMON, documentOid: 'string', viewLinkId: 'string', initialState: 'json' },
  events: { onLoggedOutLike: 'deck-logged-out-like', onError: 'deck-error' },
  placeholder: PLACEHOLDER_SIZES['like-button'],
};

const viewerOverlay: DeckElementSpec<ViewerOverlayProps> = {
  remote: 'viewer-overlay',
  attributes: { ...COMMON, documentOid: 'string', viewLinkId: 'string', productSiteUrl: 'string', learnMoreUrl: 'string' },
  events: { onPresent: 'deck-present', onRestart: 'deck-restart', onError: 'deck-error' },
  placeholder: PLACEHOLDER_SIZES['viewer-overlay'],
};

const referralPanel: DeckElementSpec<ReferralPanelProps> = {
  remote: 'referral-panel',
  attributes: { ...COMMON, source: 'string' },
  events: { onError: 'deck-error' },
  placeholder: PLACEHOLDER_SIZES['referral-panel'],
};

export const DECK_ELEMENTS = {
  'deck-share-dialog': shareDialog,
  'deck-like-button': likeButton,
  'deck-viewer-overlay': viewerOverlay,
  'deck-referral-panel': referralPanel,
} as const;

/** Defines the four elements (once: a second script on the page leaves the first's). */
export function defineDeckElements(load: MountLoader) {
  for (const [tag, spec] of Object.entries(DECK_ELEMENTS)) {
    if (!customElements.get(tag)) customElements.define(tag, deckElementClass(spec as DeckElementSpec<object>, load));
  }
}
