import { renderWithProviders } from '@deck/shared/testing/render';
import { createAppStore } from '@deck/shared/store/store';
import { ShareDialogApp } from '../app/share-dialog-app';
import type { ShareDialogProps } from '../app/types';
import { createDialogServer, createModalRoot, setCsrfCookie, type DialogServerOptions } from './dialog-server';
import { applyInlineHeightsAsLayout } from './inline-layout';

let restoreFetch: () => void = () => {};

/** Answers the page's fetches with `server` until the test ends (or `uninstallServer`). */
export function installServer(server: ReturnType<typeof createDialogServer>) {
  restoreFetch = server.install();
}

export function uninstallServer() {
  restoreFetch();
  restoreFetch = () => {};
}

/**
 * Registers what every test of the whole dialog needs: inline heights as layout, the CSRF cookie, the
 * host's modal root, and putting fetch and the timers back afterwards. Call once at the top of a file.
 */
export function setUpDialogTests() {
  let modalRoot: HTMLElement;
  let restoreLayout: () => void = () => {};
  beforeAll(() => {
    restoreLayout = applyInlineHeightsAsLayout();
  });
  afterAll(() => restoreLayout());
  beforeEach(() => {
    setCsrfCookie();
    modalRoot = createModalRoot();
  });
  afterEach(() => {
    uninstallServer();
    modalRoot.remove();
    jest.useRealTimers();
  });
}

/** Renders the dialog on a fake server answering as the reference server would, with the real providers. */
export function renderDialog(options: DialogServerOptions = {}, props: Partial<ShareDialogProps> = {}, locale: 'en' | 'de' = 'en') {
  const server = createDialogServer(options);
  installServer(server);
  const onClose = jest.fn();
  const onUpgrade = jest.fn();
  const allProps: ShareDialogProps = { documentOid: server.oid, open: true, onClose, onUpgrade, rootElementId: 'deck-modal-root', ...props };
  const store = createAppStore();
  const view = renderWithProviders(<ShareDialogApp {...allProps} />, { store, locale });
  return { ...view, server, onClose, onUpgrade, store };
}
