import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createAppStore } from '@deck/shared/store/store';
import type { SupportedLocale } from '@deck/shared/intl/locale';
import { ShareDialogApp } from '../app/share-dialog-app';
import type { ShareDialogProps } from '../app/types';
import { createDialogServer, type DialogServerOptions } from './dialog-server';

/**
 * Renders the whole share dialog (as the remote's root does) over a fake server; `restore`
 * uninstalls that server. The page needs a modal root (`createModalRoot`) and the CSRF cookie.
 */
export function renderDialog(options: DialogServerOptions = {}, props: Partial<ShareDialogProps> = {}, locale: SupportedLocale = 'en') {
  const server = createDialogServer(options);
  const restore = server.install();
  const onClose = jest.fn();
  const onUpgrade = jest.fn();
  const allProps: ShareDialogProps = { documentOid: server.oid, open: true, onClose, onUpgrade, rootElementId: 'deck-modal-root', ...props };
  const store = createAppStore();
  const view = renderWithProviders(<ShareDialogApp {...allProps} />, { store, locale });
  return { ...view, server, restore, onClose, onUpgrade, store };
}

export const findDialog = () => screen.findByRole('dialog', { name: 'Sharing and privacy' });

/** The dialog once its first loads have answered. */
export async function loadedDialog() {
  const dialog = await findDialog();
  await within(dialog).findByRole('list', { name: 'Collaborators' });
  await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  return dialog;
}
