import { createMount, type Mount } from '@deck/shared/mount/create-mount';
import { getSharedStore } from '@deck/shared/store/store';
import { injectShareDialogSlice, SHARE_DIALOG_PAGES } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import { injectPrivacySlice } from '@deck/shared/domains/privacy/privacy-slice';
import { injectCollaboratorsSlice } from '@deck/shared/domains/collaborators/collaborators-slice';
import { expect, nullable, optional, propValidator } from '@deck/shared/mount/validate-props';
import { ShareDialogApp } from './app/share-dialog-app';
import { findRootElement } from './app/utils/root-element';
import { knownModal } from './app/utils/modal-name';
import { prefetchDialogData } from './app/hooks/prefetch-dialog-data';
import type { ShareDialogFooter, ShareDialogProps } from './public-types';

export type { ShareDialogProps };

const onFolderPage = (props: Record<string, unknown>) => props.page === 'folder';
const FOOTERS: Record<ShareDialogFooter, true> = { full: true, simple: true };

const checkProps = propValidator('share-dialog', [
  { ...expect.nonEmptyString('documentOid'), expected: "a non-empty string (null only with page: 'folder')", applies: (props) => !onFolderPage(props) },
  { ...nullable(expect.nonEmptyString('documentOid')), applies: onFolderPage },
  { ...expect.object('selectedFolder', { id: expect.finiteNumber('id') }), expected: "an object { id: number } with page: 'folder'", applies: onFolderPage },
  expect.boolean('open'),
  expect.function('onClose'),
  optional(expect.function('onUpgrade')),
  optional(expect.oneOf('page', SHARE_DIALOG_PAGES)),
  optional(expect.oneOf('footer', Object.keys(FOOTERS))),
  nullable(
    expect.object('prefilled', {
      email: optional(expect.string('email')),
      permission: optional(expect.oneOf('permission', ['viewer', 'commenter', 'editor'])),
    }),
  ),
]);

/**
 * The spec's own errors come first (§8: 'Cannot find node root with id …', then 'Modal does not
 * exist!'), then the props' rules, so the host sees its mistake where it made it instead of in an
 * empty dialog.
 */
export function validateShareDialogProps(props: unknown): void {
  const given = (props ?? {}) as Partial<Record<keyof ShareDialogProps, unknown>>;
  findRootElement(given.rootElementId);
  knownModal(given.modal);
  checkProps(props);
}

/** Renders the share dialog into `element`, portalled into the host's root element. */
export const mount: Mount<ShareDialogProps> = createMount<ShareDialogProps>('share-dialog', ShareDialogApp, {
  validate: validateShareDialogProps,
  onStore: () => {
    injectShareDialogSlice();
    injectPrivacySlice();
    injectCollaboratorsSlice();
  },
});

/** Before the dialog opens on a document (Share hovered or focused), its data starts loading. */
mount.prefetch = ({ documentOid, modal, store }) => {
  if (documentOid && modal !== 'socialShare') prefetchDialogData(store ?? getSharedStore(), documentOid);
};

export default mount;
