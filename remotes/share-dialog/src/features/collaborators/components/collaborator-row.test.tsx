import { screen } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { individual } from '../../../testing/fixtures';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import { CollaboratorRow } from './collaborator-row';

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
