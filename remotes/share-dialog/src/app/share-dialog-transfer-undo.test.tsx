import { announced } from '@deck/shared/testing/live-region';
import { LIVE_REGION_ID } from '@deck/shared/ui/live-region/live-region';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '@deck/shared/testing/fake-server';
import { loadedDialog, renderDialog, setUpDialogTests } from '../testing/render-dialog';
import { presentationDocument, quarterlyReviewCollaborators, unifiedPrivacy } from '../testing/fixtures';

setUpDialogTests();

const callsTo = (calls: RecordedCall[], method: string, fragment: string) => calls.filter((call) => call.method === method && call.path.includes(fragment));
const field = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Add people by name or e-mail' });
const liveRegion = () => document.getElementById(LIVE_REGION_ID);

describe('transfer of ownership', () => {
  it('asks first, naming the person and what the owner keeps, then transfers and reloads the permissions', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ routes: { 'POST /api/v4/presentation/transfer/': { body: { oid: 'qr1', owner_email: 'dave@example.com' } } } });
    const dialog = await loadedDialog();
    const privacyLoads = callsTo(server.calls, 'GET', '/unified-privacy/').length;
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Make Dave Davis the owner?' });
    expect(confirm).toHaveTextContent('You will stay on it as an editor');
    // Cancel first: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(server.calls, 'POST', '/transfer/')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(callsTo(server.calls, 'POST', '/transfer/')).toHaveLength(1));
    expect(callsTo(server.calls, 'POST', '/transfer/')[0].body).toEqual({ oid: 'qr1', email: 'dave@example.com' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Dave Davis is now the owner of this document. You are an editor.'));
    // The viewer's level and flags change: the permissions are asked for again.
    await waitFor(() => expect(callsTo(server.calls, 'GET', '/unified-privacy/').length).toBeGreaterThan(privacyLoads));
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderDialog({
      routes: {
        'POST /api/v4/presentation/transfer/': {
          status: 403,
          body: { code: 'NOT_POSSIBLE', message: 'Ownership can only go to someone who already collaborates on the document with their own account.' },
        },
      },
    });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Bob Brown/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make owner' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make owner' }));
    await announced('Ownership can only go to someone who already collaborates');
  });

  it('is not offered on a pending invitee', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for gina@example.com/ }));
    expect(await screen.findByRole('menuitem', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Make owner' })).not.toBeInTheDocument();
  });

  it('is not offered to an editor who may change every level (only the owner transfers)', async () => {
    const user = userEvent.setup();
    renderDialog({
      document: presentationDocument({}, 'can_edit'),
      privacy: unifiedPrivacy({ is_owner: false }),
      collaborators: quarterlyReviewCollaborators('bob'),
    });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    await screen.findAllByRole('menuitemradio');
    expect(screen.queryByRole('menuitem', { name: 'Make owner' })).not.toBeInTheDocument();
  });
});

describe('Undo after a removal', () => {
  it('offers Undo, which puts the person back at their level without an e-mail and says so', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Carol Clark/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const undo = await within(dialog).findByRole('button', { name: 'Undo removing Carol Clark' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Carol Clark was removed. Undo is available for a few seconds.'));
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(1);

    await user.click(undo);
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toEqual({
      email: 'carol@example.com',
      permission: 'commenter',
      trigger_organic_invitation_if_needed: true,
      notify: false,
    });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Carol Clark was restored.'));
    expect(within(dialog).queryByRole('button', { name: /^Undo removing/ })).not.toBeInTheDocument();
    // The Undo button had the focus; it goes to the add field, not to the page.
    expect(field(dialog)).toHaveFocus();
  });

  it('is reachable by keyboard: Tab from the list reaches Undo, Enter restores', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const undo = await within(dialog).findByRole('button', { name: 'Undo removing Dave Davis' });
    field(dialog).focus();
    for (let step = 0; step < 12 && document.activeElement !== undo; step += 1) await user.tab();
    expect(undo).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toMatchObject({ email: 'dave@example.com', permission: 'viewer', notify: false });
  });

  it('is not offered when you remove yourself', async () => {
    const user = userEvent.setup();
    renderDialog({ document: presentationDocument({}, 'can_edit'), privacy: unifiedPrivacy({ is_owner: false }), collaborators: quarterlyReviewCollaborators('bob') });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Bob Brown/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove yourself from this document?' })).getByRole('button', { name: 'Remove me' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Bob Brown was removed.'));
    expect(within(dialog).queryByRole('button', { name: /^Undo removing/ })).not.toBeInTheDocument();
  });
});

describe('the add form', () => {
  it("with 'Notify people' off, does not say an e-mail was sent", async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify people' }));
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    expect(await within(dialog).findByText('hugo@example.org was added. No e-mail was sent.')).toBeVisible();
    await waitFor(() => expect(liveRegion()).toHaveTextContent('hugo@example.org was added. No e-mail was sent.'));
    expect(dialog).not.toHaveTextContent('We sent them an e-mail');
  });

  it('at the invitation limit, keeps the addresses not sent as chips and says when more can be invited', async () => {
    const user = userEvent.setup();
    let accepted = 0;
    const { server } = renderDialog({
      routes: {
        'PUT /api/v1/share/qr1/permissions/': () =>
          accepted++ < 1
            ? { body: quarterlyReviewCollaborators() }
            : { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many invitations.', retry_after: 690 } },
      },
    });
    const dialog = await loadedDialog();
    await user.click(field(dialog));
    await user.paste('ann@example.org, bo@example.org, cy@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await announced('You have reached the invitation limit. 2 addresses were not sent and stay below. You can invite more people in 12 minutes.');
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(2);
    const chips = within(dialog).getByRole('list', { name: 'Addresses to add' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['bo@example.org×', 'cy@example.org×']);
  });
});
