import { announced } from '@deck/shared/testing/live-region';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, FolderCollaborator, FolderDetails } from '@deck/shared/api/contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { trackEvent } from '@deck/shared/analytics/analytics';
import { logger } from '@deck/shared/logging/logger';
import { reloadPage } from '../utils/reload-page';
import { Modal } from '@deck/shared/ui/modal/modal';
import { DialogContextProvider } from '../../../common/dialog-context';
import { FolderPage } from './folder-page';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { axeViolations } from '@deck/shared/testing/axe';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));
jest.mock('@deck/shared/logging/logger', () => ({ logger: { error: jest.fn(), warn: jest.fn(), info: jest.fn() } }));
jest.mock('../utils/reload-page', () => ({ reloadPage: jest.fn() }));

const user = (userId: number, username: string, firstName: string, lastName: string): CurrentUser => ({
  userId,
  userOid: `u-${username}`,
  username,
  firstName,
  lastName,
  email: `${username}@example.com`,
  licence: null,
  teamName: 'Acme',
  isTeamAdmin: false,
});
/** The page inside the share dialog's modal, as it is shown: its questions open over that modal. */
function InDialog({ children, onClose = () => {} }: { children: React.ReactNode; onClose?: () => void }) {
  return (
    <DialogContextProvider value={{ documentOid: null, container: document.body }}>
      <Modal open onClose={onClose} title="Share Folder" hideTitle container={document.body}>
        {children}
      </Modal>
    </DialogContextProvider>
  );
}

const alice = user(1, 'alice', 'Alice', 'Anderson');
const bob = user(2, 'bob', 'Bob', 'Brown');

const row = (id: number, username: string, name: string, role: FolderCollaborator['role'], pending = false): FolderCollaborator => ({
  id,
  username: pending ? '' : username,
  name: pending ? '' : name,
  email: `${username}@example.com`,
  avatar: null,
  role,
  pending,
});

const aliceRow = row(101, 'alice', 'Alice Anderson', 'OWNER');
const bobRow = row(102, 'bob', 'Bob Brown', 'EDITOR');
const daveRow = row(104, 'dave', 'Dave Davis', 'VIEWER');
const ginaRow = row(105, 'gina', '', 'VIEWER', true);
const carolRow = row(103, 'carol', 'Carol Clark', 'VIEWER');

function details(users: FolderCollaborator[], viewerRole: FolderCollaborator['role'], onlyOwner = false): FolderDetails {
  return {
    uuid: 'f-7',
    id: 7,
    name: 'Marketing',
    creator: { id: alice.userId, name: 'Alice Anderson' },
    folder_restrictions: {
      only_owner_can_add_collaborators_to_folder: onlyOwner,
      current_user_role: viewerRole,
      can_add_collaborators: !onlyOwner || viewerRole === 'OWNER',
      can_remove_collaborators: viewerRole === 'OWNER',
      can_delete_folder: viewerRole === 'OWNER',
      can_read_activity: viewerRole === 'OWNER',
    },
    only_owner_can_add_collaborators_to_folder: onlyOwner,
    users,
    document_oids: [],
  };
}

const DETAILS = 'GET /api/v1/folders/group/7/details/';
const USERS = '/api/v1/folders/group/7/users/';
const ACTIVITY = 'GET /api/v1/folders/group/7/activity/';

function serve(viewer: CurrentUser, folder: () => FolderDetails, extra: Parameters<typeof createFakeServer>[0] = {}) {
  // The owner's dialog also reads the folder's activity: none unless a test says otherwise.
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user: viewer } },
    [DETAILS]: () => ({ body: folder() }),
    [ACTIVITY]: { body: { results: [], next_before: null } },
    ...extra,
  });
  return { server, restore: server.install() };
}

/** The owner's folder with Alice and Bob, where a POST adds Carol. */
function serveAddingCarol() {
  let users = [aliceRow, bobRow];
  return serve(alice, () => details(users, 'OWNER'), {
    [`POST ${USERS}`]: () => {
      users = [...users, carolRow];
      return { status: 201, body: users };
    },
  });
}

const sent = (calls: RecordedCall[], method: string) => calls.filter((call) => call.method === method);

describe('FolderPage', () => {
  let restore: () => void = () => {};
  beforeEach(() => {
    document.cookie = 'csrftoken=token-1';
  });
  afterEach(() => {
    restore();
    jest.useRealTimers();
  });

  it('shows the title, the folder name and each person with their role', async () => {
    ({ restore } = serve(alice, () => details([daveRow, ginaRow, bobRow, aliceRow], 'OWNER')));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const list = await screen.findByRole('list', { name: 'People with access to this folder' });
    expect(screen.getByRole('heading', { name: 'Share Folder' })).toBeInTheDocument();
    expect(screen.getByText('Marketing')).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^AAAlice Anderson \(You\)alice@example.comOwner$/),
      expect.stringMatching(/^BBBob Brownbob@example.comEditorRemove$/),
      expect.stringMatching(/^DDDave Davisdave@example.comViewerRemove$/),
      expect.stringMatching(/^GInvitation pendinggina@example.comViewerRemove$/),
    ]);
  });

  it('requests the details with pending invitations', async () => {
    const { server, restore: undo } = serve(alice, () => details([aliceRow], 'OWNER'));
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await screen.findByRole('list');
    const call = server.calls.find((candidate) => candidate.path === '/api/v1/folders/group/7/details/');
    expect(call?.query.get('include_pending')).toBe('true');
  });

  it('adds a VIEWER, reloads the list and says E-mail sent about 2 s later, for 3 s', async () => {
    jest.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server, restore: undo } = serveAddingCarol();
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await typist.type(await screen.findByRole('textbox', { name: 'Add people by e-mail' }), 'carol@example.com');
    await typist.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Carol Clark')).toBeInTheDocument();
    const [post] = sent(server.calls, 'POST');
    expect(post.body).toEqual({ email: 'carol@example.com', role: 'VIEWER' });
    expect(post.headers.get('X-CSRFToken')).toBe('token-1');
    expect(screen.getByRole('textbox', { name: 'Add people by e-mail' })).toHaveValue('');
    expect(trackEvent).toHaveBeenCalledWith('folder collaborator added', { folder_id: 7, role: 'VIEWER' });

    const shown = () => screen.queryByText('E-mail sent');
    expect(shown()).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2000));
    expect(shown()).toBeVisible();
    await announced('E-mail sent');
    await act(async () => jest.advanceTimersByTime(3000));
    expect(shown()).not.toBeInTheDocument();
  });

  it('refuses an invalid address with a message, sending nothing', async () => {
    const typist = userEvent.setup();
    const { server, restore: undo } = serve(alice, () => details([aliceRow], 'OWNER'));
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const input = await screen.findByRole('textbox', { name: 'Add people by e-mail' });
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await typist.type(input, 'carol@example');
    await typist.click(screen.getByRole('button', { name: 'Add' }));
    await announced('Please enter a valid e-mail address.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('carol@example');
    expect(sent(server.calls, 'POST')).toHaveLength(0);
    await typist.type(input, '.com');
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
  });

  it('says when the person already has access, sending nothing', async () => {
    const typist = userEvent.setup();
    const { server, restore: undo } = serve(alice, () => details([aliceRow, ginaRow], 'OWNER'));
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await typist.type(await screen.findByRole('textbox', { name: 'Add people by e-mail' }), 'GINA@example.com{Enter}');
    await announced('GINA@example.com already has access to this folder.');
    expect(sent(server.calls, 'POST')).toHaveLength(0);
  });

  it('logs a failed add as ERROR_ADDING_MEMBER, shows the reason and keeps the address', async () => {
    const typist = userEvent.setup();
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), {
      [`POST ${USERS}`]: { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many invitations, try again in a minute.' } },
    }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const input = await screen.findByRole('textbox', { name: 'Add people by e-mail' });
    await typist.type(input, 'carol@example.com{Enter}');
    await announced('Could not add carol@example.com. Too many invitations, try again in a minute.');
    expect(input).toHaveValue('carol@example.com');
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'ERROR_ADDING_MEMBER', action: 'add_collaborator', status: 429, folder_id: 7 }),
    );
    expect(JSON.stringify(jest.mocked(logger.error).mock.calls)).not.toContain('carol@example.com');
    expect(trackEvent).toHaveBeenCalledWith('folder collaborator add failed', { folder_id: 7, status: 429 });
    expect(screen.queryByText('E-mail sent')).not.toBeInTheDocument();
  });

  it('lets the owner remove someone else, then reloads the list', async () => {
    const typist = userEvent.setup();
    let users = [aliceRow, bobRow, daveRow];
    const { server, restore: undo } = serve(alice, () => details(users, 'OWNER'), {
      [`DELETE ${USERS}104/`]: () => {
        users = users.filter((candidate) => candidate.id !== 104);
        return { status: 204 };
      },
    });
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await typist.click(await screen.findByRole('button', { name: 'Remove Dave Davis' }));
    await waitFor(() => expect(screen.queryByText('Dave Davis')).not.toBeInTheDocument());
    expect(sent(server.calls, 'DELETE')).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(trackEvent).toHaveBeenCalledWith('folder collaborator removed', { folder_id: 7, role: 'VIEWER', self: false });
    expect(screen.queryByRole('button', { name: /Remove Alice/ })).not.toBeInTheDocument();
  });

  it('shows why a removal failed and keeps the person listed', async () => {
    const typist = userEvent.setup();
    ({ restore } = serve(alice, () => details([aliceRow, daveRow], 'OWNER'), {
      [`DELETE ${USERS}104/`]: { status: 500, body: {} },
    }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await typist.click(await screen.findByRole('button', { name: 'Remove Dave Davis' }));
    await announced('Could not remove Dave Davis. Please try again later.');
    expect(screen.getByText('Dave Davis')).toBeInTheDocument();
  });

  it('says a failed add in its own words when the server gives none for the user (a 5xx), and keeps the address', async () => {
    // A 5xx's text is not for the user (English inside a translated sentence): the generic reason shows instead.
    const typist = userEvent.setup();
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), {
      [`POST ${USERS}`]: { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Mail service is down.' } },
    }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const input = await screen.findByRole('textbox', { name: 'Add people by e-mail' });
    await typist.type(input, 'carol@example.com{Enter}');
    await announced('Could not add carol@example.com. Please try again later.');
    expect(input).toHaveValue('carol@example.com');
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ name: 'ERROR_ADDING_MEMBER', status: 503 }));
  });

  it('lets an editor add people but remove only themself', async () => {
    ({ restore } = serve(bob, () => details([aliceRow, bobRow, daveRow, ginaRow], 'EDITOR')));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    expect(await screen.findByRole('textbox', { name: 'Add people by e-mail' })).toBeInTheDocument();
    expect(screen.getByText('Bob Brown (You)')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove yourself (Bob Brown)',
    ]);
  });

  it('hides the add line when only the owner may add people', async () => {
    const onlyOwner = details([aliceRow, { ...bobRow, role: 'VIEWER' }], 'VIEWER', true);
    // The server's reason as the folder route sends it (server/src/routes/folders.ts, refusalReasons).
    onlyOwner.folder_restrictions = {
      ...onlyOwner.folder_restrictions,
      reasons: { add_collaborators: 'Only the owner of this folder can add collaborators' },
      reason_codes: { add_collaborators: 'folder_only_owner_adds' },
    };
    ({ restore } = serve(bob, () => onlyOwner));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await screen.findByRole('list');
    expect(screen.queryByRole('textbox', { name: 'Add people by e-mail' })).not.toBeInTheDocument();
    // Said where the add line would be (spec §8's folder reason), not left blank.
    expect(screen.getByText('Only the owner of this folder can add collaborators')).toBeInTheDocument();
  });

  it('keeps the add line for the owner when only the owner may add people', async () => {
    ({ restore } = serve(alice, () => details([aliceRow, bobRow], 'OWNER', true)));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    expect(await screen.findByRole('textbox', { name: 'Add people by e-mail' })).toBeInTheDocument();
  });

  it('asks before removing yourself; Cancel keeps everything, Ok removes and reloads the page', async () => {
    const typist = userEvent.setup();
    const { server, restore: undo } = serve(bob, () => details([aliceRow, bobRow], 'EDITOR'), {
      [`DELETE ${USERS}102/`]: { status: 204 },
    });
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const leave = await screen.findByRole('button', { name: 'Remove yourself (Bob Brown)' });
    await typist.click(leave);
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure you want to remove yourself from this folder?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await typist.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(leave).toHaveFocus();
    expect(sent(server.calls, 'DELETE')).toHaveLength(0);

    await typist.click(leave);
    await typist.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sent(server.calls, 'DELETE').map((call) => call.path)).toEqual([`${USERS}102/`]);
    expect(trackEvent).toHaveBeenCalledWith('folder collaborator removed', { folder_id: 7, role: 'EDITOR', self: true });
  });

  it('cancels the self-removal question on Escape without letting the key reach the dialog around it', async () => {
    const typist = userEvent.setup();
    ({ restore } = serve(bob, () => details([aliceRow, bobRow], 'EDITOR')));
    const outerEscape = jest.fn();
    renderWithProviders(
      <InDialog onClose={outerEscape}>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await typist.click(await screen.findByRole('button', { name: 'Remove yourself (Bob Brown)' }));
    await typist.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(outerEscape).not.toHaveBeenCalled();
  });

  it('renders only the visible rows of a long list', async () => {
    // jsdom does no layout: give the list the height it has in a browser.
    jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(250);
    const many = Array.from({ length: 500 }, (_, index) => row(1000 + index, `user${index}`, `User ${String(index).padStart(3, '0')}`, 'VIEWER'));
    ({ restore } = serve(alice, () => details([aliceRow, ...many], 'OWNER')));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const list = await screen.findByRole('list', { name: 'People with access to this folder' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(30);
    expect(items[0]).toHaveAttribute('aria-setsize', '501');
    expect(items[0]).toHaveTextContent('Alice Anderson (You)');
  });

  it('shows the generic error when the folder cannot be loaded, and retries', async () => {
    const typist = userEvent.setup();
    let fail = true;
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), {
      [DETAILS]: () => (fail ? { status: 503, body: {} } : { body: details([aliceRow], 'OWNER') }),
    }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await announced('An error has occurred Please try again later.');
    fail = false;
    await typist.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list')).toBeInTheDocument();
  });

  it('says the user has no access any more, with nothing to retry', async () => {
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), {
      [DETAILS]: { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You are not a collaborator of this folder.' } },
    }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await announced('You do not have access to this folder.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the folder is gone', async () => {
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), { [DETAILS]: { status: 404, body: {} } }));
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await announced('This folder does not exist any more.');
  });

  it('closes with Done', async () => {
    const typist = userEvent.setup();
    const onClose = jest.fn();
    ({ restore } = serve(alice, () => details([aliceRow], 'OWNER')));
    renderWithProviders(<FolderPage folderId={7} onClose={onClose} />);
    await screen.findByRole('list');
    await typist.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe('the document dialog\'s add form, delivery states and Undo', () => {
    it("with 'Notify people' off, adds without an e-mail and does not say one was sent", async () => {
      jest.useFakeTimers();
      const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { server, restore: undo } = serveAddingCarol();
      restore = undo;
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      await typist.click(await screen.findByRole('checkbox', { name: 'Notify people' }));
      expect(screen.queryByRole('textbox', { name: 'Message (optional)' })).not.toBeInTheDocument();
      await typist.type(screen.getByRole('textbox', { name: 'Add people by e-mail' }), 'carol@example.com{Enter}');
      expect(await screen.findByText('Carol Clark')).toBeInTheDocument();
      expect(sent(server.calls, 'POST')[0].body).toEqual({ email: 'carol@example.com', role: 'VIEWER', notify: false });
      await act(async () => jest.advanceTimersByTime(2000));
      expect(screen.getByText('Added, no e-mail sent')).toBeVisible();
      await announced('Added, no e-mail sent');
      expect(screen.queryByText('E-mail sent')).not.toBeInTheDocument();
    });

    it('takes several pasted addresses as chips and sends each with the message', async () => {
      const typist = userEvent.setup();
      const { server, restore: undo } = serve(alice, () => details([aliceRow, bobRow], 'OWNER'), {
        [`POST ${USERS}`]: { status: 201, body: [] },
      });
      restore = undo;
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      await typist.click(await screen.findByRole('textbox', { name: 'Add people by e-mail' }));
      await typist.paste('ann@example.org, Bo Berg <bo@example.org>\nnot-an-address');
      const chips = screen.getByRole('list', { name: 'Addresses to add' });
      expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['ann@example.org×', 'bo@example.org×']);
      await announced('not-an-address: Please enter a valid e-mail address.');
      await typist.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Welcome');
      await typist.click(screen.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(sent(server.calls, 'POST')).toHaveLength(2));
      expect(sent(server.calls, 'POST').map((call) => call.body)).toEqual([
        { email: 'ann@example.org', role: 'VIEWER', message: 'Welcome' },
        { email: 'bo@example.org', role: 'VIEWER', message: 'Welcome' },
      ]);
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Addresses to add' })).not.toBeInTheDocument());
    });

    it("shows each pending invitee's delivery state", async () => {
      ({ restore } = serve(alice, () => details([aliceRow, { ...ginaRow, delivery_state: 'failed' }, { ...row(106, 'hal', '', 'VIEWER', true), delivery_state: 'sent' }], 'OWNER')));
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      const list = await screen.findByRole('list', { name: 'People with access to this folder' });
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('gina@example.com · E-mail could not be delivered');
      expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('hal@example.com · E-mail sent');
    });

    it('offers Undo after removing someone, which restores them in their role without an e-mail', async () => {
      const typist = userEvent.setup();
      let users = [aliceRow, bobRow, daveRow];
      const { server, restore: undo } = serve(alice, () => details(users, 'OWNER'), {
        [`DELETE ${USERS}102/`]: () => {
          users = users.filter((candidate) => candidate.id !== 102);
          return { status: 200, body: users };
        },
        [`POST ${USERS}`]: () => {
          users = [aliceRow, bobRow, daveRow];
          return { status: 201, body: users };
        },
      });
      restore = undo;
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      await typist.click(await screen.findByRole('button', { name: 'Remove Bob Brown' }));
      const undoButton = await screen.findByRole('button', { name: 'Undo removing Bob Brown' });
      await waitFor(() => expect(document.getElementById('deck-live-region')).toHaveTextContent('Bob Brown was removed. Undo is available for a few seconds.'));
      await typist.click(undoButton);
      await waitFor(() => expect(sent(server.calls, 'POST')).toHaveLength(1));
      expect(sent(server.calls, 'POST')[0].body).toEqual({ email: 'bob@example.com', role: 'EDITOR', notify: false });
      expect(await screen.findByText('Bob Brown')).toBeInTheDocument();
      await waitFor(() => expect(document.getElementById('deck-live-region')).toHaveTextContent('Bob Brown was restored.'));
      expect(screen.queryByRole('button', { name: /^Undo removing/ })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Add people by e-mail' })).toHaveFocus();
    });

    it("says a failed Undo in the client's words, never the text of a server error", async () => {
      const typist = userEvent.setup();
      let users = [aliceRow, bobRow, daveRow];
      ({ restore } = serve(alice, () => details(users, 'OWNER'), {
        [`DELETE ${USERS}102/`]: () => {
          users = users.filter((candidate) => candidate.id !== 102);
          return { status: 200, body: users };
        },
        [`POST ${USERS}`]: { status: 500, body: { message: 'relation "folder_users" does not exist' } },
      }));
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      await typist.click(await screen.findByRole('button', { name: 'Remove Bob Brown' }));
      await typist.click(await screen.findByRole('button', { name: 'Undo removing Bob Brown' }));
      expect(await screen.findByText('Could not restore Bob Brown. Please try again later.')).toBeInTheDocument();
      expect(screen.queryByText(/folder_users/)).not.toBeInTheDocument();
    });

    it('says when the invitation limit frees up', async () => {
      const typist = userEvent.setup();
      ({ restore } = serve(alice, () => details([aliceRow], 'OWNER'), {
        [`POST ${USERS}`]: { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many invitations.', retry_after: 125 } },
      }));
      renderWithProviders(<FolderPage folderId={7} onClose={() => {}} />);
      await typist.type(await screen.findByRole('textbox', { name: 'Add people by e-mail' }), 'carol@example.com{Enter}');
      await announced('Could not add carol@example.com. You have reached the invitation limit. You can invite more people in 3 minutes.');
    });
  });
});

describe('FolderPage: the folder activity', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  const entry = (id: number, subject: string): ActivityEntry => ({
    id,
    at: '2026-11-20T10:00:00Z',
    action: 'folder_member_added',
    actor: { id: 1, name: 'Alice Anderson' },
    subject,
    before: null,
    after: { role: 'VIEWER' },
    document: null,
    folder: { id: 7, name: 'Marketing' },
  });

  it("shows the owner the folder's changes as sentences; older ones take the focus when shown; axe finds nothing", async () => {
    ({ restore } = serve(alice, () => details([aliceRow, bobRow], 'OWNER'), {
      [ACTIVITY]: (call) =>
        call.query.get('before') === '41'
          ? { body: { results: [entry(40, 'carol@example.com')], next_before: null } }
          : { body: { results: [entry(42, 'zoe@example.com'), entry(41, 'yan@example.com')], next_before: 41 } },
    }));
    const user = userEvent.setup();
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    const section = await screen.findByRole('region', { name: 'Activity' });
    const list = await within(section).findByTestId('folder-activity-list');
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'Alice Anderson added zoe@example.com to the folder as viewer.',
      'Alice Anderson added yan@example.com to the folder as viewer.',
    ]);
    await user.click(within(section).getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[2]).toHaveFocus());
    expect(within(section).queryByRole('button', { name: 'Show older changes' })).toBeNull();
    expect(await axeViolations(section)).toEqual([]);
  });

  it('shows no activity to a member the server does not let read it, and asks for none', async () => {
    const { server, restore: undo } = serve(bob, () => details([aliceRow, bobRow], 'EDITOR'));
    restore = undo;
    renderWithProviders(
      <InDialog>
        <FolderPage folderId={7} onClose={() => {}} />
      </InDialog>,
    );
    await screen.findByRole('list', { name: 'People with access to this folder' });
    expect(screen.queryByRole('region', { name: 'Activity' })).toBeNull();
    expect(server.calls.some((call) => call.path.endsWith('/activity/'))).toBe(false);
  });
});
