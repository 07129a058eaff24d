import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { Modal } from './modal';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  container.id = 'modal-root';
  document.body.appendChild(container);
});
afterEach(() => container.remove());

let mounts = 0;
/** Counts how often the modal's content is built: its state is made once per mount, never on a re-render. */
function Content({ label }: { label: string }) {
  useState(() => {
    mounts += 1;
    return null;
  });
  return <button type="button">{label}</button>;
}

function Page({ keepMounted = true, label = 'Inside' }: { keepMounted?: boolean; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <main>
        <h1>Editor</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Share
        </button>
      </main>
      <Modal keepMounted={keepMounted} open={open} onClose={() => setOpen(false)} title={<h2>Sharing</h2>} container={container}>
        <Content label={label} />
      </Modal>
    </>
  );
}

function renderPage(props: { keepMounted?: boolean; label?: string } = {}) {
  mounts = 0;
  const user = userEvent.setup();
  const view = renderWithProviders(<Page {...props} />);
  return { ...view, user, page: screen.getByRole('main') };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sharing' });
  // Radix moves focus in from a passive effect, after the dialog is on screen.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
}

async function closeWithEscape(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** What a modal dialog changes on the page while it is open (Radix: aria-hidden, pointer lock, scroll lock). */
function pageState(page: HTMLElement) {
  return {
    hidden: page.closest('[aria-hidden="true"]') !== null,
    bodyPointerEvents: document.body.style.pointerEvents,
    scrollLocked: document.body.hasAttribute('data-scroll-locked'),
  };
}
const PAGE_WHILE_OPEN = { hidden: true, bodyPointerEvents: 'none', scrollLocked: true };
const PAGE_WHILE_CLOSED = { hidden: false, bodyPointerEvents: '', scrollLocked: false };

// A later opening of a kept modal shows the tree it built the first time.
describe('Modal with keepMounted', () => {
  it('shows the same tree again on a later opening: nothing is built anew', async () => {
    const { user } = renderPage();
    const first = await open(user);
    const control = within(first).getByRole('button', { name: 'Inside' });
    await closeWithEscape(user);
    const second = await open(user);
    expect(second).toBe(first);
    expect(within(second).getByRole('button', { name: 'Inside' })).toBe(control);
    expect(mounts).toBe(1);
  });

  it('is modal only while open: focus moves in and back to the opener, the page is hidden and locked only then', async () => {
    const { user, page } = renderPage();
    const share = screen.getByRole('button', { name: 'Share' });
    expect(pageState(page)).toEqual(PAGE_WHILE_CLOSED);
    for (let opening = 0; opening < 3; opening += 1) {
      const dialog = await open(user);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await waitFor(() => expect(pageState(page)).toEqual(PAGE_WHILE_OPEN));
      await closeWithEscape(user);
      await waitFor(() => expect(share).toHaveFocus());
      await waitFor(() => expect(pageState(page)).toEqual(PAGE_WHILE_CLOSED));
    }
  });

  it('exposes nothing while closed: no dialog, no heading, no control', async () => {
    const { user } = renderPage();
    await open(user);
    await closeWithEscape(user);
    expect(screen.queryByRole('button', { name: 'Inside' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sharing' })).not.toBeInTheDocument();
    // Still in the DOM, kept for the next opening, but hidden from everyone (display: none).
    const kept = container.querySelector('[role="dialog"]');
    expect(kept).not.toBeNull();
    expect(kept).not.toBeVisible();
  });

  it('leaves no document listener of its own while closed', async () => {
    const active = new Set<string>();
    const key = (type: string, listener: unknown, options?: boolean | EventListenerOptions) =>
      `${type}:${String(typeof options === 'boolean' ? options : !!options?.capture)}:${listenerIds.get(listener) ?? register(listener)}`;
    const listenerIds = new Map<unknown, number>();
    const register = (listener: unknown) => {
      listenerIds.set(listener, listenerIds.size);
      return listenerIds.size - 1;
    };
    const add = jest.spyOn(document, 'addEventListener');
    const remove = jest.spyOn(document, 'removeEventListener');
    add.mockImplementation(function (this: Document, type, listener, options) {
      active.add(key(type, listener, options));
      return EventTarget.prototype.addEventListener.call(this, type, listener, options);
    });
    remove.mockImplementation(function (this: Document, type, listener, options) {
      active.delete(key(type, listener, options));
      return EventTarget.prototype.removeEventListener.call(this, type, listener, options);
    });
    try {
      const { user } = renderPage();
      await open(user);
      expect(active.size).toBeGreaterThan(0);
      await closeWithEscape(user);
      await waitFor(() => expect([...active]).toEqual([]));
      await open(user);
      expect(active.size).toBeGreaterThan(0);
    } finally {
      add.mockRestore();
      remove.mockRestore();
    }
  });

  it('shows what it showed when it closed, and the new content on the next opening', async () => {
    const { user, rerender } = renderPage({ label: 'Before' });
    await open(user);
    await closeWithEscape(user);
    rerender(<Page label="After" />);
    // Page keeps its own state across the rerender: the dialog is still closed, its content unchanged.
    expect(within(container).getByText('Before', { selector: 'button' })).not.toBeVisible();
    const dialog = await open(user);
    expect(within(dialog).getByRole('button', { name: 'After' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('leaves nothing behind when the host unmounts it, open or closed', async () => {
    const { user, unmount, page } = renderPage();
    await open(user);
    unmount();
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(pageState(page)).toEqual(PAGE_WHILE_CLOSED);

    const again = renderPage();
    await open(again.user);
    await closeWithEscape(again.user);
    again.unmount();
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing before its first opening', () => {
    renderPage();
    expect(container).toBeEmptyDOMElement();
  });
});

/** A draft that belongs to one opening, beside a tooltip (its own state) on a control. */
function Draft() {
  const [text, setText] = useOpeningState('');
  return (
    <>
      <input aria-label="Draft" value={text} onChange={(event) => setText(event.target.value)} />
      <Tooltip content="Why">
        <button type="button">Explained</button>
      </Tooltip>
    </>
  );
}

function KeptDraft({ open }: { open: boolean }) {
  const focusDialog = (event: Event) => {
    event.preventDefault();
    (event.currentTarget as HTMLElement).focus();
  };
  return (
    <Modal keepMounted open={open} onClose={() => {}} title={<h2>Sharing</h2>} container={container} onOpenAutoFocus={focusDialog}>
      <Draft />
    </Modal>
  );
}

describe('Escape in a modal', () => {
  it('first closes the tooltip of the focused control, and only the next Escape the dialog (WCAG 1.4.13)', async () => {
    // jsdom runs no animation: the tooltip is gone before the key reaches the dialog, as with reduced motion.
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(
      <Modal open onClose={onClose} title={<h2>Sharing</h2>} container={container}>
        <Draft />
      </Modal>,
    );
    await user.hover(screen.getByRole('button', { name: 'Explained' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Why');
    screen.getByRole('button', { name: 'Explained' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// Kept between openings, a modal still starts each opening as its first.
describe('useOpeningState in a kept modal', () => {
  it('keeps what was typed within an opening and starts afresh on the next, in the same tree', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<KeptDraft open />);
    const field = screen.getByRole('textbox', { name: 'Draft' });
    await user.type(field, 'Hello');
    rerender(<KeptDraft open />);
    expect(field).toHaveValue('Hello');
    rerender(<KeptDraft open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    rerender(<KeptDraft open />);
    expect(screen.getByRole('textbox', { name: 'Draft' })).toBe(field);
    expect(field).toHaveValue('');
    await user.type(field, 'Again');
    expect(field).toHaveValue('Again');
  });

  it('closes a tooltip left open when the modal closed', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<KeptDraft open />);
    await user.hover(screen.getByRole('button', { name: 'Explained' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Why');
    rerender(<KeptDraft open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    rerender(<KeptDraft open />);
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('is plain state outside a kept modal', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<Draft />);
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'Kept');
    rerender(<Draft />);
    expect(screen.getByRole('textbox', { name: 'Draft' })).toHaveValue('Kept');
  });
});

describe('Modal without keepMounted', () => {
  it('builds its content on each opening and removes it on closing', async () => {
    const { user } = renderPage({ keepMounted: false });
    await open(user);
    await closeWithEscape(user);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    await open(user);
    expect(mounts).toBe(2);
  });
});

describe('a question asked over a dialog', () => {
  /** The share dialog and, over it, a confirmation that starts on Cancel. */
  function Stacked({ escapeAtOnce }: { escapeAtOnce: boolean }) {
    const [asking, setAsking] = useState(false);
    const [open, setOpen] = useState(true);
    return (
      <Modal keepMounted open={open} onClose={() => setOpen(false)} title={<h2>Sharing</h2>} container={container}>
        <button type="button" onClick={() => setAsking(true)}>
          Deactivate link
        </button>
        {asking ? (
          <Modal
            open
            alert
            onClose={() => setAsking(false)}
            title={<h2>Deactivate?</h2>}
            container={container}
            // The question is on screen and about to take focus, and Radix has not yet moved its Escape listener to
            // it (that waits for the next render): a key pressed now, as a fast user or a test can.
            onOpenAutoFocus={(event) => {
              if (escapeAtOnce) (event.currentTarget as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
            }}
          >
            <button type="button">Cancel</button>
          </Modal>
        ) : null}
      </Modal>
    );
  }

  it.each([[false], [true]])('Escape closes the question, not the dialog under it (Escape at once: %s)', async (escapeAtOnce) => {
    const user = userEvent.setup();
    renderWithProviders(<Stacked escapeAtOnce={escapeAtOnce} />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate link' }));
    if (!escapeAtOnce) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
      await user.keyboard('{Escape}');
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Sharing' })).toBeInTheDocument();
  });
});
