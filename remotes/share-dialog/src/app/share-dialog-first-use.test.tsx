import { liveRegionText } from '@deck/shared/testing/live-region';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '@deck/shared/testing/fake-server';
import { flags, presentationDocument, unifiedPrivacy } from '../testing/fixtures';
import { renderDialog, setUpDialogTests } from '../testing/render-dialog';
import { expectUnavailable } from '@deck/shared/testing/unavailable';

/** The defects found trying the dialog as a new user. */

setUpDialogTests();

async function loaded() {
  const dialog = await screen.findByRole('dialog', { name: 'Sharing and privacy' });
  await within(dialog).findByRole('switch', { name: 'Public' });
  await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  return dialog;
}

const privacyPuts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT' && call.path.includes('/unified-privacy/'));

describe('1. Escape with the contact suggestions open', () => {
  it('closes only the list and keeps what was typed; a second Escape closes the dialog', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const dialog = await loaded();
    const field = within(dialog).getByRole('combobox', { name: 'Add people by name or e-mail' });
    await user.type(field, 'er');
    expect(await screen.findByRole('option', { name: /Erin Evans/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option', { name: /Erin Evans/ })).not.toBeInTheDocument();
    expect(field).toHaveValue('er');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('2. the trackable-link count of someone who is not the owner', () => {
  it('speaks of their own links, as the list they may open shows', async () => {
    renderDialog({
      document: presentationDocument({}, 'can_edit'),
      privacy: unifiedPrivacy({ is_owner: false, view_link_count: 1, permissions: flags('ALLOWED', { view_link_all_get: 'NOT_ALLOWED' }) }),
    });
    const dialog = await loaded();
    expect(within(dialog).getByRole('region', { name: 'Trackable links' })).toHaveTextContent('You have 1 trackable link on this presentation');
  });
});

describe('3. Embed follows the sharing rules', () => {
  it('is refused with the spec title and the team reason when the team switched sharing off', async () => {
    const user = userEvent.setup();
    const teamOff = { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null};
    renderDialog({ privacy: unifiedPrivacy({ embed_link: '', team_policy: teamOff, permissions: flags('ALLOWED', { embed: 'NOT_ALLOWED_IN_ORG' }) }) });
    const dialog = await loaded();
    const embed = within(dialog).getByRole('button', { name: 'Embed' });
    expectUnavailable(embed);
    await user.hover(embed);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Not allowed to embed');
    expect(tooltip).toHaveTextContent('Embedding is disabled for your team by the admin.');
  });

  it('is refused on a closed document as for collaborators only', async () => {
    const user = userEvent.setup();
    renderDialog({ privacy: unifiedPrivacy({ unified_privacy: 'closed', embed_link: '', permissions: flags('ALLOWED', { embed: 'NOT_POSSIBLE' }) }) });
    const dialog = await loaded();
    const embed = within(dialog).getByRole('button', { name: 'Embed' });
    expectUnavailable(embed);
    await user.hover(embed);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only collaborators can access this document');
  });
});

describe('5. Upgrade', () => {
  it('closes the dialog before the host shows its answer, so nothing of the host sits under the backdrop', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    const { onClose, onUpgrade } = renderDialog({
      privacy: unifiedPrivacy({ licence: null, permissions: flags('ALLOWED', { unified_privacy_set_closed_unpublished_copyrighted: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }) }),
    });
    onClose.mockImplementation(() => order.push('close'));
    onUpgrade.mockImplementation(() => order.push('upgrade'));
    const dialog = await loaded();
    await user.click(within(dialog).getAllByRole('button', { name: 'Upgrade' })[0]);
    expect(order).toEqual(['close', 'upgrade']);
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'pitch_privacy_private', plan: 'standard' });
  });
});

describe('6. only the body scrolls', () => {
  it('keeps the header and footer outside the scrolling body', async () => {
    renderDialog();
    const dialog = await loaded();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    const body = within(dialog).getByRole('region', { name: 'Access settings' }).closest('[data-testid="share-dialog-body"]') as HTMLElement;
    expect(body).not.toBeNull();
    expect(getComputedStyle(body).overflowY).toBe('auto');
    expect(body).not.toContainElement(done);
    expect(body).not.toContainElement(within(dialog).getByRole('heading', { name: 'Sharing and privacy' }));
  });
});

describe('7. changes that expose the document or undo publishing ask first', () => {
  it('asks before opening a private document for a trackable link; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({
      privacy: unifiedPrivacy({ unified_privacy: 'closed', permissions: flags('ALLOWED', { view_link_own_create: 'NOT_POSSIBLE' }) }),
    });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: 'Let anyone with the link view, and create a link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Let anyone with the link view?' });
    expect(confirm).toHaveTextContent('Anyone who has the link will be able to view “Quarterly Review”, without being invited. Then you create the trackable link.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog', { name: 'Let anyone with the link view?' })).not.toBeInTheDocument();
    expect(privacyPuts(server.calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Let anyone with the link view, and create a link' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Let anyone with the link view?' })).getByRole('button', { name: 'Let anyone with the link view' }));
    await waitFor(() => expect(privacyPuts(server.calls)).toHaveLength(1));
    expect(privacyPuts(server.calls)[0].body).toEqual({ unified_privacy: 'open' });
  });

  it('says that closing a published document unpublishes it, and sends nothing on Cancel', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ privacy: unifiedPrivacy({ is_published: true }) });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Who can access this document/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Only individuals can access/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Restrict access and unpublish?' });
    expect(confirm).toHaveTextContent('It is published now, so it will also leave the public gallery and search results.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog', { name: 'Restrict access and unpublish?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sharing and privacy' })).toBeInTheDocument();
    expect(privacyPuts(server.calls)).toHaveLength(0);
  });

  it('asks before publishing, then publishes', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish this document?' });
    expect(privacyPuts(server.calls)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(privacyPuts(server.calls)).toHaveLength(1));
    expect(privacyPuts(server.calls)[0].body).toEqual({ published: true });
  });
});

describe('8. someone with the link only', () => {
  it('sees what they may do and why the list of people is not theirs, with no error and no Try again', async () => {
    const { server } = renderDialog({
      document: presentationDocument({}, 'no_access'),
      privacy: unifiedPrivacy({
        is_owner: false,
        view_link_count: 0,
        permissions: flags('NOT_ALLOWED', { embed: 'ALLOWED', social_share: 'ALLOWED', unified_privacy_get: 'ALLOWED' }),
      }),
      routes: { 'GET /api/v1/share/qr1/permissions/': { status: 403, body: { message: 'You do not have access to this document' } } },
    });
    const dialog = await loaded();
    const note = within(dialog).getByRole('note', { name: 'You are viewing through the link' });
    expect(note).toHaveTextContent('ask Alice Anderson to invite you');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/An error has occurred/)).not.toBeInTheDocument();
    expect(liveRegionText()).toBe('');
    expect(within(dialog).queryByRole('button', { name: 'Manage links' })).not.toBeInTheDocument();
    expectUnavailable(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByRole('button', { name: 'Embed' })).toBeEnabled();
    expect(server.calls.filter((call) => call.path.includes('/api/v1/prezilink/'))).toHaveLength(0);
  });
});
