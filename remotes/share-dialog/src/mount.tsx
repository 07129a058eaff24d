import { createMount, type Mount } from '@deck/shared/mount/create-mount';
import { getSharedStore } from '@deck/shared/store/store';
import { injectShareDialogSlice } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import { injectPrivacySlice } from '@deck/shared/domains/privacy/privacy-slice';
import { injectCollaboratorsSlice } from '@deck/shared/domains/collaborators/collaborators-slice';
import { ShareDialogApp } from './app/share-dialog-app';
import { findRootElement } from './app/utils/root-element';
import { knownModal } from './app/utils/modal-name';
import { prefetchDialogData } from './app/hooks/prefetch-dialog-data';
import type { ShareDialogProps } from './app/types';

export type { ShareDialogProps } from './app/types';

const mountApp = createMount<ShareDialogProps>('share-dialog', ShareDialogApp, () => {
  injectShareDialogSlice();
  injectPrivacySlice();
  injectCollaboratorsSlice();
});

/**
 * Renders the share dialog into `element`, portalled into the host's root element. Without that
 * root element it throws at once (spec §8: 'Cannot find node root with id …'), so the host sees
 * its mistake where it made it instead of in an empty dialog. So does an unknown `modal`
 * ('Modal does not exist!').
 */
export const mount: Mount<ShareDialogProps> = (element, props) => {
  findRootElement(props?.rootElementId);
  knownModal(props?.modal);
  return mountApp(element, props);
};

/** Before the dialog opens on a document (Share hovered or focused), its data starts loading. */
mount.prefetch = ({ documentOid, modal, store }) => {
  if (documentOid && modal !== 'socialShare') prefetchDialogData(store ?? getSharedStore(), documentOid);
};

export default mount;
