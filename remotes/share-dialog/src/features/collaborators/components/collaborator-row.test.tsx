import { screen } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { individual } from '../../../testing/fixtures';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import { CollaboratorRow } from './collaborator-row';
import { DialogContextProvider } from '../../../common/dialog-context';

const viewer: PermissionOptionsViewer = { level: 'owner', isOwner: true, canUpdateEditors: true };

describe('CollaboratorRow: invitation delivery', () => {
  it.each([
    ['queued', 'E-mail being sent'],
    ['sent', 'E-mail sent'],
    ['retrying', 'E-mail not delivered yet, retrying'],
    ['failed', 'E-mail could not be delivered'],
  ] as const)('a pending invite whose e-mail is %s says so beside the address', (state, text) => {
    const pending = individual({ email: 'hugo@example.org', pending_invite: true, permission: 'viewer', delivery_state: state });
    renderWithProviders(<CollaboratorRow collaborator={pending} viewer={viewer} flags={undefined} onChange={() => undefined} />);
    // The delivery note sits inside the address line (the permission menu's label names the address too).
    const note = screen.getByText(`· ${text}`, { exact: false });
    expect(note).toHaveAttribute('data-delivery', state);
    expect(note.parentElement).toHaveTextContent(`hugo@example.org · ${text}`);
  });

  it('a pending invite sent without an e-mail, and an accepted collaborator, show no delivery', () => {
    const quiet = individual({ email: 'quiet@example.org', pending_invite: true, permission: 'viewer', delivery_state: null });
    const bob = individual({ email: 'bob@example.com', name: 'Bob Brown', permission: 'editor', delivery_state: 'sent' });
    renderWithProviders(
      <>
        <CollaboratorRow collaborator={quiet} viewer={viewer} flags={undefined} onChange={() => undefined} />
        <CollaboratorRow collaborator={bob} viewer={viewer} flags={undefined} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByText('quiet@example.org')).toHaveTextContent(/^quiet@example\.org$/);
    expect(screen.getByText('bob@example.com')).toHaveTextContent(/^bob@example\.com$/);
  });
});

describe('CollaboratorRow: access that ends', () => {
  const inDialog = (row: React.ReactNode) => (
    <DialogContextProvider value={{ documentOid: 'qr1', container: null }}>{row}</DialogContextProvider>
  );

  it("offers the owner an end date on a viewer's or commenter's row, after the level menu, never on an editor's", () => {
    const dave = individual({ email: 'dave@example.com', name: 'Dave Davis', permission: 'viewer' });
    const bob = individual({ email: 'bob@example.com', name: 'Bob Brown', permission: 'editor' });
    renderWithProviders(
      inDialog(
        <>
          <CollaboratorRow collaborator={dave} viewer={viewer} flags={undefined} onChange={() => undefined} />
          <CollaboratorRow collaborator={bob} viewer={viewer} flags={undefined} onChange={() => undefined} />
        </>,
      ),
    );
    const endDate = screen.getByRole('button', { name: 'End date for Dave Davis' });
    const menu = screen.getByRole('button', { name: /^Permission for Dave Davis/ });
    // The level menu comes first: a removal hands focus to a row's first button.
    expect(menu.compareDocumentPosition(endDate) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End date for Bob Brown' })).toBeNull();
  });

  it('an editor of the document sees the end date but cannot set one', () => {
    const dave = individual({ email: 'dave@example.com', name: 'Dave Davis', permission: 'viewer', access_expires_at: '2026-05-01T10:00:00.000Z', access_ended: false });
    const editor: PermissionOptionsViewer = { level: 'can_edit', isOwner: false, canUpdateEditors: true };
    renderWithProviders(inDialog(<CollaboratorRow collaborator={dave} viewer={editor} flags={undefined} onChange={() => undefined} />));
    expect(screen.getByText(/^Access until May 1, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End date for Dave Davis' })).toBeNull();
  });

  it("says the access ended when the server says so (its clock, not the browser's)", () => {
    const dave = individual({ email: 'dave@example.com', name: 'Dave Davis', permission: 'viewer', access_expires_at: '2099-05-01T10:00:00.000Z', access_ended: true });
    renderWithProviders(inDialog(<CollaboratorRow collaborator={dave} viewer={viewer} flags={undefined} onChange={() => undefined} />));
    expect(screen.getByText(/^Access ended May 1, 2099/)).toBeInTheDocument();
  });

  it('on a document anyone with the link views, says the person keeps that view after the end, not that their access ends', () => {
    const ended = individual({ email: 'dave@example.com', name: 'Dave Davis', permission: 'viewer', access_expires_at: '2099-05-01T10:00:00.000Z', access_ended: true, access_end_keeps_view: true });
    const { unmount } = renderWithProviders(inDialog(<CollaboratorRow collaborator={ended} viewer={viewer} flags={undefined} onChange={() => undefined} />));
    expect(screen.getByText(/^Invitation ended May 1, 2099.*; still views as anyone with the link$/)).toBeInTheDocument();
    expect(screen.queryByText(/^Access ended/)).toBeNull();
    unmount();
    const coming = { ...ended, access_ended: false };
    renderWithProviders(inDialog(<CollaboratorRow collaborator={coming} viewer={viewer} flags={undefined} onChange={() => undefined} />));
    expect(screen.getByText(/^Invited until May 1, 2099.*, then views as anyone with the link$/)).toBeInTheDocument();
  });
});
