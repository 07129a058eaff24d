import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentScope, folderScope, liveSharingActions } from '@deck/shared/domains/sharing-activity/live-sharing-slice';
import userEvent from '@testing-library/user-event';
import { individual, presentationDocument, quarterlyReviewCollaborators, unifiedPrivacy, viewLink } from '../testing/fixtures';
import { loadedDialog, renderDialog, setUpDialogTests } from '../testing/render-dialog';

// Details of the dialog found by new users.


setUpDialogTests();

const open = renderDialog;

const NEWSLETTER = viewLink({ link_id: 'news', name: 'Newsletter' });

describe('unsaved trackable-link settings (item 13)', () => {
  async function editNewsletterTitle() {
    const user = userEvent.setup();
    const rendered = open({ privacy: unifiedPrivacy({ view_link_count: 1 }), routes: { 'GET /api/v1/prezilink/': { body: [NEWSLETTER] } } });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Manage links' }));
    // The list loads after the page opens; on a busy machine that can take longer than the default second.
    await user.click(await within(dialog).findByRole('button', { name: 'Newsletter' }, { timeout: 5_000 }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Link title' }), '!');
    return { ...rendered, user, dialog };
  }

  it('asks on Done as Back does; Keep editing keeps the changes, Discard closes the dialog', async () => {
    const { user, dialog, onClose } = await editNewsletterTitle();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const question = within(dialog).getByRole('alertdialog', { name: 'You have unsaved changes.' });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Link title' })).toHaveValue('Newsletter!');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks on Escape; a second Escape keeps editing, and nothing is sent', async () => {
    const { user, dialog, onClose, server } = await editNewsletterTitle();
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sharing and privacy' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('closes at once on Escape when nothing changed', async () => {
    const user = userEvent.setup();
    const { onClose } = open({ privacy: unifiedPrivacy({ view_link_count: 1 }), routes: { 'GET /api/v1/prezilink/': { body: [NEWSLETTER] } } });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Manage links' }));
    // The list loads after the page opens; on a busy machine that can take longer than the default second.
    await user.click(await within(dialog).findByRole('button', { name: 'Newsletter' }, { timeout: 5_000 }));
    await within(dialog).findByRole('textbox', { name: 'Link title' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('a filled-in new trackable link', () => {
  it('asks on Done and on Back before it is thrown away; Discard closes', async () => {
    const user = userEvent.setup();
    const { onClose, server } = open({ privacy: unifiedPrivacy({ view_link_count: 0 }), routes: { 'GET /api/v1/prezilink/': { body: [] } } });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Link title' }), 'Board');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const question = within(dialog).getByRole('alertdialog', { name: 'You have unsaved changes.' });
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: 'Link title' })).toHaveValue('Board');

    await user.click(within(dialog).getByRole('button', { name: /Back/ }));
    expect(within(dialog).getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(server.calls.filter((call) => call.path === '/api/v1/prezilink/' && call.method === 'POST')).toHaveLength(0);
  });

  it('closes at once on Done when nothing was filled in', async () => {
    const user = userEvent.setup();
    const { onClose } = open({ privacy: unifiedPrivacy({ view_link_count: 0 }), routes: { 'GET /api/v1/prezilink/': { body: [] } } });
    const dialog = await loadedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByRole('textbox', { name: 'Link title' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("the inline end-date editor keeps the keyboard user's place", () => {
  async function openEndDate() {
    const user = userEvent.setup();
    const rendered = open();
    const dialog = await loadedDialog();
    const button = within(dialog).getByRole('button', { name: 'End date for Dave Davis' });
    await user.click(button);
    const field = within(dialog).getByLabelText('Access ends at');
    expect(field).toHaveFocus();
    return { ...rendered, user, dialog, button, field };
  }

  it('saved with Enter, hands focus back to its End date button', async () => {
    const { user, button, field, server } = await openEndDate();
    fireEvent.change(field, { target: { value: '2099-05-01T10:00' } });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(server.calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/permissions/'))).toHaveLength(1);
  });

  it('Escape closes only the editor, and the dialog stays open', async () => {
    const { user, dialog, button, onClose } = await openEndDate();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByLabelText('Access ends at')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Sharing and privacy' })).toBeInTheDocument();
  });
});

describe('access that ends while the dialog is open', () => {
  it('says "You no longer have access" at once, in place of the controls, when the live stream says so', async () => {
    const { store } = open();
    const dialog = await loadedDialog();
    act(() => {
      store.dispatch(liveSharingActions.accessLost({ scope: documentScope('qr1') }));
    });
    const notice = within(dialog).getByRole('region', { name: 'You no longer have access' });
    expect(notice).toHaveTextContent('Your access to this presentation ended while the dialog was open. Ask the owner if you need it again.');
    expect(within(dialog).queryByRole('list', { name: 'Collaborators' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('a dialog whose live stream the server replaced (too many tabs) says on the page that it no longer updates, and keeps its controls', async () => {
    const { store } = open();
    const dialog = await loadedDialog();
    expect(within(dialog).queryByTestId('live-stopped')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(liveSharingActions.replaced({ scope: documentScope('qr1') }));
    });
    expect(within(dialog).getByTestId('live-stopped')).toHaveTextContent(
      'This dialog no longer updates by itself because it is open in too many tabs. Close and reopen it to see the latest changes.',
    );
    expect(within(dialog).getByRole('button', { name: /Who can access this document/ })).toBeInTheDocument();
  });

  it('in the folder dialog too, with a Done that closes it', async () => {
    const user = userEvent.setup();
    const { store, onClose } = open({}, { page: 'folder', documentOid: null, selectedFolder: { id: 7 } });
    const dialog = await screen.findByRole('dialog', { name: 'Share Folder' });
    act(() => {
      store.dispatch(liveSharingActions.accessLost({ scope: folderScope(7) }));
    });
    expect(within(dialog).getByRole('region', { name: 'You no longer have access' })).toHaveTextContent('Your access to this folder ended while the dialog was open.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('types without a view link: CORE and video (item 14)', () => {
  it.each(['CORE', 'AIR_VIDEO_PITCH'] as const)('%s: the access level names no link, and the dialog says what to do instead', async (type) => {
    const user = userEvent.setup();
    open({ document: presentationDocument({ schema_version_name: type }), privacy: unifiedPrivacy({ view_link: '', embed_link: '' }) });
    const dialog = await loadedDialog();
    expect(within(dialog).getByText('Documents of this type have no view link.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('To share it, add people below. With “Anyone can view”, you can also turn on Public to show it in the gallery.'),
    ).toBeInTheDocument();
    const level = within(dialog).getByRole('button', { name: /Who can access this document/ });
    expect(level).toHaveTextContent('Anyone can view');
    expect(within(dialog).queryByText(/with the link/)).not.toBeInTheDocument();
    await user.click(level);
    const options = await screen.findAllByRole('menuitemradio');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName('Anyone can view');
    expect(options[1]).toHaveAccessibleName('Only individuals can access');
  });

  it('a PITCH document keeps "Anyone with the link can view"', async () => {
    open();
    const dialog = await loadedDialog();
    expect(within(dialog).getByRole('button', { name: /Who can access this document/ })).toHaveTextContent('Anyone with the link can view');
    expect(within(dialog).queryByText('Documents of this type have no view link.')).not.toBeInTheDocument();
  });
});

describe('suggestions (item 10)', () => {
  it('shows a pending person once, by address, and a person with a name by name and address', async () => {
    const user = userEvent.setup();
    open({
      document: presentationDocument({ schema_version_name: 'CORE' }),
      collaborators: { ...quarterlyReviewCollaborators(), individual: [individual({ email: 'alice@example.com', is_owner: true, is_current_user: true })] },
      routes: {
        'GET /api/v1/contacts/': {
          body: { data: [{ name: 'gina@example.com', email: 'gina@example.com' }, { name: 'Gil Grant', email: 'gil@example.com' }] },
        },
      },
    });
    const dialog = await loadedDialog();
    await user.type(within(dialog).getByRole('combobox', { name: /Add people/i }), 'gi');
    const gina = await screen.findByRole('option', { name: /gina@example\.com/ });
    expect(gina.textContent?.split('gina@example.com')).toHaveLength(2);
    expect(within(gina).getByText('gina@example.com')).toBeInTheDocument();
    const gil = screen.getByRole('option', { name: /Gil Grant/ });
    expect(within(gil).getByText('gil@example.com')).toBeInTheDocument();
  });
});
