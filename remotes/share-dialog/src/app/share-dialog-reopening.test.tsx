import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '@deck/shared/testing/fake-server';
import { findDialog, loadedDialog, renderDialog, setUpDialogTests } from '../testing/render-dialog';
import { ALICE } from '../testing/dialog-server';
import { viewLink } from '../testing/fixtures';
import { ownersFolderDetails } from '@deck/shared/testing/folder-details';
import { ShareDialogApp } from './share-dialog-app';
import type { ShareDialogProps } from '../public-types';

setUpDialogTests();

// The dialog's own loads (spec §2), the view links of this PITCH document among them.
const LOADS = [
  '/api/v4/presentation/qr1/',
  '/api/v4/presentation/qr1/unified-privacy/',
  '/api/v1/featureswitches/',
  '/api/v1/share/qr1/permissions/',
  '/api/v1/contacts/',
  '/api/v1/prezilink/',
];
const loadsIn = (calls: RecordedCall[]) => calls.filter((call) => LOADS.includes(call.path));

// A later opening paints what the cache holds first; it asks the server again after that frame.
describe('opening the dialog again', () => {
  it('shows the cached collaborators in its first render, sends no load before that frame, then asks each load once', async () => {
    const { server, rerender, onClose, onUpgrade } = renderDialog();
    await loadedDialog();
    await waitFor(() => expect(loadsIn(server.calls)).toHaveLength(6));
    const props: ShareDialogProps = { documentOid: server.oid, open: false, onClose, onUpgrade, rootElementId: 'deck-modal-root' };
    rerender(<ShareDialogApp {...props} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const before = server.calls.length;

    // The frame after the opening is held back, so what happens before it can be seen.
    const frames: FrameRequestCallback[] = [];
    const requestFrame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    await act(async () => rerender(<ShareDialogApp {...props} open />));
    const dialog = screen.getByRole('dialog', { name: 'Sharing and privacy' });
    expect(within(dialog).getByText('Bob Brown')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(loadsIn(server.calls.slice(before))).toEqual([]);
    requestFrame.mockRestore();
    await act(async () => frames.forEach((callback) => callback(performance.now())));

    // Each opening still loads afresh: the same six loads, once each.
    await waitFor(() => expect(loadsIn(server.calls.slice(before))).toHaveLength(6));
    await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
    expect(loadsIn(server.calls.slice(before)).map((call) => call.path).sort()).toEqual(loadsIn(server.calls.slice(0, before)).map((call) => call.path).sort());
  });

  it('shows the tree of its first opening again (the same dialog and list elements), and nothing of it while closed', async () => {
    const { server, rerender, onClose, onUpgrade } = renderDialog();
    const dialog = await loadedDialog();
    const list = within(dialog).getByRole('list', { name: 'Collaborators' });
    const props: ShareDialogProps = { documentOid: server.oid, open: false, onClose, onUpgrade, rootElementId: 'deck-modal-root' };
    rerender(<ShareDialogApp {...props} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('list', { name: 'Collaborators' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();

    await act(async () => rerender(<ShareDialogApp {...props} open />));
    const again = screen.getByRole('dialog', { name: 'Sharing and privacy' });
    expect(again).toBe(dialog);
    expect(within(again).getByRole('list', { name: 'Collaborators' })).toBe(list);
    expect(within(again).getByText('Bob Brown')).toBeInTheDocument();
  });

  it("starts each opening's drafts afresh although the tree is kept: the address, its level, the message and 'Notify people'", async () => {
    const user = userEvent.setup();
    const { server, rerender, onClose, onUpgrade } = renderDialog();
    const dialog = await loadedDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Add people by name or e-mail' }), 'dave@example.com');
    await user.click(within(dialog).getByRole('button', { name: /^Permission for new collaborator/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Can edit' }));
    expect(within(dialog).getByRole('button', { name: /^Permission for new collaborator/ })).toHaveTextContent('Can edit');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'See you there');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify people' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Notify people' })).not.toBeChecked();
    const props: ShareDialogProps = { documentOid: server.oid, open: false, onClose, onUpgrade, rootElementId: 'deck-modal-root' };
    rerender(<ShareDialogApp {...props} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await act(async () => rerender(<ShareDialogApp {...props} open />));
    const again = screen.getByRole('dialog', { name: 'Sharing and privacy' });
    expect(again).toBe(dialog);
    const notify = within(again).getByRole('checkbox', { name: 'Notify people' });
    expect(notify).toBeChecked();
    expect(within(again).getByRole('textbox', { name: 'Message (optional)' })).toHaveValue('');
    expect(within(again).getByRole('combobox', { name: 'Add people by name or e-mail' })).toHaveValue('');
    expect(within(again).getByRole('button', { name: /^Permission for new collaborator/ })).toHaveTextContent('Can view');
    // The state still works within the opening.
    await user.click(notify);
    expect(notify).not.toBeChecked();
  });
});

/** Closes the dialog as the host does (its `open` prop), then opens it again; the same props otherwise. */
function hostOf(view: ReturnType<typeof renderDialog>, extra: Partial<ShareDialogProps> = {}) {
  const props: ShareDialogProps = { documentOid: view.server.oid, open: false, onClose: view.onClose, onUpgrade: view.onUpgrade, rootElementId: 'deck-modal-root', ...extra };
  return {
    async close() {
      view.rerender(<ShareDialogApp {...props} />);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    async reopen(name = 'Sharing and privacy', more: Partial<ShareDialogProps> = {}) {
      await act(async () => view.rerender(<ShareDialogApp {...props} {...more} open />));
      return screen.getByRole('dialog', { name });
    },
  };
}

const FRANK = { id: 7, requester: { name: 'Frank Foster', email: 'frank@example.com' }, message: null, created_at: '2026-11-23T10:00:00.000Z' };

// The tree is kept between openings, but what one opening showed or was given does not come back.
describe('each opening starts as a first opening would', () => {
  it('the level chosen for an access request', async () => {
    const user = userEvent.setup();
    const view = renderDialog({ routes: { 'GET /api/v4/presentation/qr1/access-requests/': { body: { results: [FRANK] } } } });
    const dialog = await loadedDialog();
    const levelButton = () => within(dialog).getByRole('button', { name: /^Access level for Frank Foster/ });
    await user.click(await within(dialog).findByRole('button', { name: /^Access level for Frank Foster/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Can comment' }));
    // The menu's own trigger replaces the plain button once the menu has opened: the one after is kept.
    const level = levelButton();
    expect(level).toHaveTextContent('Can comment');
    const host = hostOf(view);
    await host.close();

    await host.reopen();
    expect(levelButton()).toBe(level);
    expect(level).toHaveTextContent('Can view');
  });

  it('a copy error it showed, and a Copied that had not timed out', async () => {
    const user = userEvent.setup();
    const links = [viewLink({ link_id: 'board', name: 'Board members' }), viewLink({ link_id: 'news', name: 'Newsletter' })];
    const view = renderDialog({ routes: { 'GET /api/v1/prezilink/': { body: links } } }, { page: 'viewLinks' });
    const dialog = await findDialog();
    const rowOf = (name: string) => within(dialog).getByText(name).closest('li') as HTMLElement;
    await within(dialog).findByText('Board members');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('Denied')).mockResolvedValueOnce(undefined);
    await user.click(within(rowOf('Board members')).getByRole('button', { name: 'Copy link' }));
    const refusal = 'The link could not be copied. Select it and copy it yourself.';
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    await user.click(within(rowOf('Newsletter')).getByRole('button', { name: 'Copy link' }));
    expect(await within(rowOf('Newsletter')).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(2);
    const host = hostOf(view, { page: 'viewLinks' });
    await host.close();

    const again = await host.reopen();
    expect(again).toBe(dialog);
    expect(within(again).queryByText(refusal)).not.toBeInTheDocument();
    expect(within(rowOf('Newsletter')).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('a menu left open when the host closed the dialog', async () => {
    const user = userEvent.setup();
    const view = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Bob Brown/ }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    const host = hostOf(view);
    await host.close();

    const again = await host.reopen();
    await act(async () => {});
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: /^Permission for Bob Brown/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('the contact suggestions left open', async () => {
    const user = userEvent.setup();
    const view = renderDialog();
    const dialog = await loadedDialog();
    const field = within(dialog).getByRole('combobox', { name: 'Add people by name or e-mail' });
    await user.type(field, 'a');
    expect(await within(dialog).findAllByRole('option')).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const host = hostOf(view);
    await host.close();

    const again = await host.reopen();
    await act(async () => {});
    expect(within(again).getByRole('combobox', { name: 'Add people by name or e-mail' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(again).queryAllByRole('option')).toHaveLength(0);
  });

  it('the Undo offered after a removal', async () => {
    const user = userEvent.setup();
    const view = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Carol Clark/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(await within(dialog).findByRole('button', { name: 'Undo removing Carol Clark' })).toBeInTheDocument();
    const host = hostOf(view);
    await host.close();

    const again = await host.reopen();
    await act(async () => {});
    expect(within(again).queryByRole('button', { name: /^Undo removing/ })).not.toBeInTheDocument();
  });

  it('where it was scrolled to and what had focus: it opens at the top, focused itself', async () => {
    const user = userEvent.setup();
    const view = renderDialog();
    const dialog = await loadedDialog();
    const body = within(dialog).getByTestId('share-dialog-body');
    body.scrollTop = 240;
    fireEvent.scroll(body);
    await user.click(within(dialog).getByRole('textbox', { name: 'Message (optional)' }));
    const host = hostOf(view);
    await host.close();
    // Nothing hidden holds focus.
    expect(dialog).not.toContainElement(document.activeElement as HTMLElement);

    const again = await host.reopen();
    expect(within(again).getByTestId('share-dialog-body')).toBe(body);
    expect(body.scrollTop).toBe(0);
    await waitFor(() => expect(again).toHaveFocus());
  });
});

describe('the page it was on', () => {
  it('opens on the share page again, focused on the dialog, not on what opened the page it was closed on', async () => {
    const user = userEvent.setup();
    const view = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Manage collaborators/ }));
    expect(await within(dialog).findByRole('searchbox')).toBeInTheDocument();
    const host = hostOf(view);
    await host.close();

    const again = await host.reopen();
    expect(await within(again).findByRole('button', { name: /^Manage collaborators/ })).toBeInTheDocument();
    await waitFor(() => expect(again).toHaveFocus());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(again).toHaveFocus();
  });
});

describe('the document dialog given another document on its next opening', () => {
  it('shows nothing of the last document until the next one answers', async () => {
    const never = () => new Promise<never>(() => {});
    const view = renderDialog({
      routes: {
        'GET /api/v4/presentation/zz9/': never,
        'GET /api/v4/presentation/zz9/unified-privacy/': never,
        'GET /api/v1/share/zz9/permissions/': never,
        'GET /api/v4/presentation/zz9/access-requests/': never,
      },
    });
    const dialog = await loadedDialog();
    expect(within(dialog).getByText('Bob Brown')).toBeInTheDocument();
    const host = hostOf(view);
    await host.close();

    const again = await host.reopen('Sharing and privacy', { documentOid: 'zz9' });
    expect(again).toBe(dialog);
    expect(within(again).queryByText('Bob Brown')).not.toBeInTheDocument();
    expect(within(again).queryByRole('list', { name: 'Collaborators' })).not.toBeInTheDocument();
    expect(within(again).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

const folderOf = (id: number, name: string) =>
  ownersFolderDetails({ id, name, users: [{ id: 101, username: 'alice', name: 'Alice Anderson', email: ALICE.email, avatar: null, role: 'OWNER', pending: false }] });

describe('the folder dialog kept between openings', () => {
  it('shows the tree of its first opening again, with the folder asked for, nothing of another folder and nothing typed before', async () => {
    const user = userEvent.setup();
    let answerSales: () => void = () => {};
    const salesAnswered = new Promise<void>((resolve) => {
      answerSales = resolve;
    });
    const folders = {
      'GET /api/v1/folders/group/7/details/': { body: folderOf(7, 'Marketing') },
      'GET /api/v1/folders/group/8/details/': async () => (await salesAnswered, { body: folderOf(8, 'Sales') }),
    };
    const view = renderDialog({ routes: folders }, { page: 'folder', documentOid: null, selectedFolder: { id: 7 } });
    const dialog = await screen.findByRole('dialog', { name: 'Share Folder' });
    expect(await within(dialog).findByText('Marketing')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Add people by e-mail' });
    await user.type(field, 'dave@example');
    const host = hostOf(view, { page: 'folder', documentOid: null, selectedFolder: { id: 7 } });
    await host.close();

    // The same folder again: the same page from the cache, without what was typed.
    const again = await host.reopen('Share Folder');
    expect(again).toBe(dialog);
    expect(within(again).getByText('Marketing')).toBeInTheDocument();
    expect(within(again).getByRole('textbox', { name: 'Add people by e-mail' })).toBe(field);
    expect(field).toHaveValue('');
    await host.close();

    // Another folder: until its answer, nothing of the last one (its name, its people) shows.
    const other = await host.reopen('Share Folder', { selectedFolder: { id: 8 } });
    expect(other).toBe(dialog);
    expect(within(other).queryByText('Marketing')).not.toBeInTheDocument();
    expect(within(other).queryByText('Alice Anderson (You)')).not.toBeInTheDocument();
    answerSales();
    expect(await within(other).findByText('Sales')).toBeInTheDocument();
    expect(within(other).getByRole('textbox', { name: 'Add people by e-mail' })).toHaveValue('');
  });
});
