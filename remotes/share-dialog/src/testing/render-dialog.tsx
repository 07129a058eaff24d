import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createAppStore } from '@deck/shared/store/store';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { ShareDialogApp } from '../app/share-dialog-app';
import type { ShareDialogProps } from '../public-types';
import { createDialogServer, createModalRoot, setCsrfCookie, type DialogServerOptions } from './dialog-server';
import { applyInlineHeightsAsLayout } from './inline-layout';

let restoreFetch: () => void = () => {};

/** Takes the fake server of the last `renderDialog` away (the next render installs its own). */
export function uninstallDialogServer() {
  restoreFetch();
  restoreFetch = () => {};
}

/**
 * What every test of the whole dialog needs: inline heights as layout (for the virtual lists), the
 * CSRF cookie, a modal root per test, and the fake server and fake timers undone after each test.
 */
export function setUpDialogTests() {
  let modalRoot: HTMLElement;
  let restoreLayout: () => void;
  beforeAll(() => {
    restoreLayout = applyInlineHeightsAsLayout();
  });
  afterAll(() => restoreLayout());
  beforeEach(() => {
    setCsrfCookie();
    modalRoot = createModalRoot();
  });
  afterEach(() => {
    uninstallDialogServer();
    modalRoot.remove();
    jest.useRealTimers();
  });
}

/** Renders the whole share dialog (as the remote's root does) over a fake server. */
export function renderDialog(
  options: DialogServerOptions = {},
  props: Partial<ShareDialogProps> = {},
  locale: SupportedLocale = 'en',
  store = createAppStore(),
) {
  const server = createDialogServer(options);
  restoreFetch = server.install();
  const onClose = jest.fn();
  const onUpgrade = jest.fn();
  const allProps: ShareDialogProps = { documentOid: server.oid, open: true, onClose, onUpgrade, rootElementId: 'deck-modal-root', ...props };
  const view = renderWithProviders(<ShareDialogApp {...allProps} />, { store, locale });
  return { ...view, server, onClose, onUpgrade, store };
}

export const findDialog = () => screen.findByRole('dialog', { name: 'Sharing and privacy' });

/** The dialog once its first loads have answered. */
export async function loadedDialog() {
  const dialog = await findDialog();
  await within(dialog).findByRole('list', { name: 'Collaborators' });
  await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  return dialog;
}
