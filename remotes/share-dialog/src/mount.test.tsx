import { act } from 'react';
import { screen, within } from '@testing-library/react';
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
});
