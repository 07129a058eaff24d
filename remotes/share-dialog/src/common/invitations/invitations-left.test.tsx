import { announced } from '@deck/shared/testing/live-region';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionFlags } from '@deck/shared/api/contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { AddCollaboratorForm } from '../../features/collaborators/components/add-collaborator-form';
import { AddFolderCollaboratorForm } from '../../features/folder/components/add-folder-collaborator-form';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));
jest.mock('@deck/shared/logging/logger', () => ({ logger: { error: jest.fn(), warn: jest.fn(), info: jest.fn() } }));

const REMAINING = 'GET /api/v1/invitations/remaining/';
const remaining = (count: number) => ({ body: { remaining: count, max: 20, window_seconds: 3600 } });
/** An add answer that spends one invitation: the server's header says how many are left after it. */
const spending = (start: number, status = 200, body: unknown = {}) => {
  let left = start;
  return () => {
    left -= 1;
    return { status, body, headers: { 'X-Invitations-Remaining': String(left) } };
  };
};
const sentCalls = (calls: RecordedCall[], method: string) => calls.filter((call) => call.method === method);
const ALLOWED = { value: 'ALLOWED' } as const;
const flags = {
  collaborator_individual_add_viewer: ALLOWED,
  collaborator_individual_add_commenter: ALLOWED,
  collaborator_individual_add_editor: ALLOWED,
} as unknown as PermissionFlags;

function renderDocumentForm() {
  return renderWithProviders(<AddCollaboratorForm documentOid="doc-1" contacts={[]} existingEmails={new Set()} userLevel="owner" flags={flags} />);
}
const renderFolderForm = () => renderWithProviders(<AddFolderCollaboratorForm folderId={7} collaborators={[]} onAdded={() => {}} />);

describe('how many invitations are left, in both add forms', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    document.cookie = 'csrftoken=token-1';
  });
  afterEach(() => restore());

  it.each([
    ['document', renderDocumentForm, 'combobox', 'Add people by name or e-mail'],
    ['folder', renderFolderForm, 'textbox', 'Add people by e-mail'],
  ] as const)('the %s form says so before sending when more addresses wait than are left, and is quiet otherwise', async (_kind, render, role, field) => {
    const server = createFakeServer({ [REMAINING]: remaining(2) });
    restore = server.install();
    const typist = userEvent.setup();
    render();
    const input = await screen.findByRole(role, { name: field });
    await waitFor(() => expect(sentCalls(server.calls, 'GET')).toHaveLength(1));
    await typist.click(input);
    await typist.paste('ann@example.org, bo@example.org');
    // Two waiting, two left: nothing to say.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await typist.type(input, 'cy@example.org');
    expect(await screen.findByRole('status')).toHaveTextContent('You can invite 2 more people this hour.');
    await typist.click(screen.getByRole('button', { name: 'Remove ann@example.org' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('the document form says when an Add used the last ones, from the answer without asking again', async () => {
    const server = createFakeServer({ [REMAINING]: remaining(3), 'PUT /api/v1/share/doc-1/permissions/': spending(3) });
    restore = server.install();
    const typist = userEvent.setup();
    renderDocumentForm();
    const input = await screen.findByRole('combobox', { name: 'Add people by name or e-mail' });
    await typist.click(input);
    await typist.paste('ann@example.org, bo@example.org, cy@example.org');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sentCalls(server.calls, 'PUT')).toHaveLength(3));
    expect(await screen.findByRole('status')).toHaveTextContent('You cannot invite more people this hour.');
    expect(sentCalls(server.calls, 'GET').filter((call) => call.path === '/api/v1/invitations/remaining/')).toHaveLength(1);
  });

  it('the folder form counts down with each add and says one is left in the singular', async () => {
    const server = createFakeServer({ [REMAINING]: remaining(3), 'POST /api/v1/folders/group/7/users/': spending(3, 201, []) });
    restore = server.install();
    const typist = userEvent.setup();
    renderFolderForm();
    const input = await screen.findByRole('textbox', { name: 'Add people by e-mail' });
    await typist.type(input, 'ann@example.org{Enter}');
    await waitFor(() => expect(sentCalls(server.calls, 'POST')).toHaveLength(1));
    await typist.type(input, 'bo@example.org{Enter}');
    await waitFor(() => expect(sentCalls(server.calls, 'POST')).toHaveLength(2));
    // One left: a single typed address fits, two pasted do not.
    await typist.type(input, 'cy@example.org');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await typist.clear(input);
    await typist.paste('cy@example.org, di@example.org');
    expect(await screen.findByRole('status')).toHaveTextContent('You can invite 1 more person this hour.');
  });

  it('after the limit refuses an Add, no invitation is left and the refusal keeps its wording', async () => {
    const server = createFakeServer({
      [REMAINING]: remaining(5),
      'POST /api/v1/folders/group/7/users/': { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many invitations.', retry_after: 125 } },
    });
    restore = server.install();
    const typist = userEvent.setup();
    renderFolderForm();
    await typist.type(await screen.findByRole('textbox', { name: 'Add people by e-mail' }), 'ann@example.org{Enter}');
    await announced('You have reached the invitation limit. You can invite more people in 3 minutes.');
    expect(await screen.findByText('You cannot invite more people this hour.')).toHaveAttribute('role', 'status');
  });
});
