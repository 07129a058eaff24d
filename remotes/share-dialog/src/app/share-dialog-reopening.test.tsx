import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '@deck/shared/testing/fake-server';
import { loadedDialog, renderDialog, setUpDialogTests } from '../testing/render-dialog';
import { ShareDialogApp } from './share-dialog-app';
import type { ShareDialogProps } from '../public-types';

setUpDialogTests();
jest.setTimeout(30_000);

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

// Issue 10: a later opening paints what the cache holds first; it asks the server again after that frame.
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

  it("starts each opening's drafts afresh although the tree is kept: the message and 'Notify people'", async () => {
    const user = userEvent.setup();
    const { server, rerender, onClose, onUpgrade } = renderDialog();
    const dialog = await loadedDialog();
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
    // The state still works within the opening.
    await user.click(notify);
    expect(notify).not.toBeChecked();
  });
});
