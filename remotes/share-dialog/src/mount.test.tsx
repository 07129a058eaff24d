import { act } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { createAppStore } from '@deck/shared/store/store';
import { mount } from './mount';
import { createDialogServer, createModalRoot, setCsrfCookie } from './testing/dialog-server';
import { applyInlineHeightsAsLayout } from './testing/inline-layout';

describe('share-dialog mount', () => {
  let element: HTMLDivElement;
  let root: HTMLElement;
  let restore: () => void;
  let restoreLayout: () => void;

  beforeAll(() => {
    restoreLayout = applyInlineHeightsAsLayout();
  });

  afterAll(() => restoreLayout());

  beforeEach(() => {
    setCsrfCookie();
    restore = createDialogServer().install();
    element = document.createElement('div');
    document.body.appendChild(element);
    root = createModalRoot();
  });

  afterEach(() => {
    restore();
    element.remove();
    root.remove();
  });

  const props = (overrides = {}) => ({ documentOid: 'qr1', open: true, onClose: jest.fn(), rootElementId: 'deck-modal-root', store: createAppStore(), ...overrides });

  it('throws at once when the root element is missing', () => {
    expect(() => mount(element, props({ rootElementId: 'nowhere' }))).toThrow('Cannot find node root with id nowhere');
    expect(element.childNodes).toHaveLength(0);
  });

  it('renders the dialog into the root element, re-renders on a second mount and unmounts', async () => {
    const store = createAppStore();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, props({ store }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sharing and privacy' });
    expect(root).toContainElement(dialog);
    expect(await within(dialog).findByText('Bob Brown')).toBeInTheDocument();

    await act(async () => {
      mount(element, props({ store, open: false }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      mount(element, props({ store, open: true }));
    });
    expect(await screen.findByRole('dialog', { name: 'Sharing and privacy' })).toBeInTheDocument();
    await act(async () => unmount());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('throws at once for a modal that does not exist', () => {
    expect(() => mount(element, props({ modal: 'lightbox' as never }))).toThrow('Modal does not exist!');
    expect(element.childNodes).toHaveLength(0);
  });

  it('opens the social share modal alone, with the networks and the link to copy', async () => {
    const onClose = jest.fn();
    await act(async () => {
      mount(element, props({ modal: 'socialShare', onClose }));
    });
    const modal = await screen.findByRole('dialog', { name: 'Share on social media' });
    expect(root).toContainElement(modal);
    expect(screen.queryByRole('dialog', { name: 'Sharing and privacy' })).not.toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: /LinkedIn/ })).toBeInTheDocument();
    expect(await within(modal).findByRole('textbox', { name: /link/i })).toHaveValue('http://localhost/view/qr1?token=abc');
  });

  it('tells the host through onError when a part of the dialog could not be loaded (the header shows the error icon)', async () => {
    restore();
    restore = createDialogServer({ routes: { 'GET /api/v4/presentation/qr1/unified-privacy/': { status: 500, body: {} } } }).install();
    const onError = jest.fn();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, props({ onError }));
    });
    await screen.findByRole('dialog', { name: 'Sharing and privacy' });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError).toHaveBeenCalledWith({ remote: 'share-dialog', code: 'load-failed', shown: true, status: 500, message: 'Loading failed: 500 Internal Server Error' });
    await act(async () => unmount());
  });
});
