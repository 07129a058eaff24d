import { announced } from '@deck/shared/testing/live-region';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyFoldersResponse } from '@deck/shared/api/contract';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { DashboardPage } from './dashboard-page';

// Remotes load through the federation runtime in the browser; here a slot only records what it is given.
interface MockSlotRender {
  remote: string;
  props: Record<string, unknown>;
  /** Which mounted slot rendered: a slot mounted again gets a new number. */
  instance: number;
}
const mockSlotRenders: MockSlotRender[] = [];
let mockSlotInstances = 0;
jest.mock('../federation/remote-slot', () => {
  const { useState } = jest.requireActual<typeof import('react')>('react');
  return {
    RemoteSlot: ({ remote, props }: { remote: string; props: Record<string, unknown> }) => {
      const [instance] = useState(() => (mockSlotInstances += 1));
      mockSlotRenders.push({ remote, props, instance });
      return null;
    },
  };
});
const lastShareDialog = () => mockSlotRenders.filter((render) => render.remote === 'share-dialog').at(-1);

const ALICE = { userId: 1, userOid: 'u-alice', username: 'alice', firstName: 'Alice', lastName: 'Anderson', email: 'alice@example.com' };

function serve({ refuse = false, user = ALICE }: { refuse?: boolean; user?: typeof ALICE & { isTeamAdmin?: boolean } } = {}) {
  const state: MyFoldersResponse = {
    results: [
      { id: 7, uuid: 'f-board', name: 'Board Only', role: 'OWNER', document_count: 0 },
      { id: 8, uuid: 'f-marketing', name: 'Marketing', role: 'OWNER', document_count: 2 },
      { id: 9, uuid: 'f-sales', name: 'Sales', role: 'EDITOR', document_count: 1 },
    ],
  };
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v4/presentation/list/': { body: { count: 0, offset: 0, limit: 10, results: [] } },
    'GET /api/v4/presentation/tag/': { body: { results: [] } },
    'GET /api/v4/presentation/detailed-count/': { body: { count: 0, owned: 0, shared_with_me: 0, trashed: 0, by_privacy: { open: 0, closed: 0 }, by_type: {} } },
    'GET /api/v4/presentation/user-statistics/': { body: { documents: 0, total_views: 0, total_likes: 0, collaborators: 0, live_view_links: 0 } },
    'GET /api/v4/presentation-deleted/': { body: { count: 0, results: [] } },
    'GET /api/v1/folders/group/': () => ({ body: state }),
    'DELETE /api/v1/folders/group/8/': () => {
      if (refuse) return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Only the owner may delete the folder.' } };
      state.results = state.results.filter((folder) => folder.id !== 8);
      return { body: { id: 8, name: 'Marketing', documents_kept: 2 } };
    },
  });
  const uninstall = server.install();
  return { ...server, uninstall };
}

const deletes = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'DELETE');

describe('DashboardPage: deleting a folder', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
  });
  afterEach(() => server.uninstall());

  it('offers Delete only on the folders the user owns', async () => {
    server = serve();
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('button', { name: 'Delete folder Marketing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete folder Board Only' })).toBeInTheDocument();
    expect(screen.getByText('Sales')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete folder Sales' })).not.toBeInTheDocument();
  });

  it('asks first, saying the documents are kept; Cancel deletes nothing', async () => {
    server = serve();
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete folder Marketing' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the folder “Marketing”?' });
    expect(dialog).toHaveTextContent(
      'The folder and its list of people are deleted for everyone in it. Its 2 documents are not deleted: they stay with their owners, shared with the same people as before.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete folder Marketing' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete folder Marketing' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deletes(server.calls)).toHaveLength(0);
  });

  it('deletes on confirmation, then the folder is gone and the page says what was kept', async () => {
    server = serve();
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete folder Marketing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('The folder “Marketing” was deleted. Its 2 documents were kept.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByText('Marketing')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deletes(server.calls)).toHaveLength(1);
    expect(deletes(server.calls)[0].headers.get('X-CSRFToken')).toBe('t');
  });

  it("shows the server's refusal in the confirmation and keeps the folder", async () => {
    server = serve({ refuse: true });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete folder Marketing' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete folder' }));
    expect(await within(screen.getByRole('alertdialog')).findByText('The folder could not be deleted: Only the owner may delete the folder.')).toBeVisible();
    await announced('The folder could not be deleted: Only the owner may delete the folder.');
    expect(screen.getByText('Marketing')).toBeInTheDocument();
  });
});

// Like the editor's share dialog, the folder dialog stays mounted between openings.
describe('DashboardPage: the folder share dialog', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    mockSlotRenders.length = 0;
  });
  afterEach(() => server.uninstall());

  it('is mounted on the first Share folder and kept, closed, for the next opening of any folder', async () => {
    server = serve();
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />);
    await user.click((await screen.findAllByRole('button', { name: /^Share folder/ }))[0]);
    expect(lastShareDialog()?.props).toMatchObject({ open: true, page: 'folder', documentOid: null, selectedFolder: { id: 7 } });
    const first = lastShareDialog()!.instance;

    await act(async () => (lastShareDialog()!.props.onClose as () => void)());
    expect(lastShareDialog()).toMatchObject({ instance: first, props: { open: false, selectedFolder: { id: 7 } } });

    await user.click(screen.getAllByRole('button', { name: /^Share folder/ })[1]);
    expect(lastShareDialog()).toMatchObject({ instance: first, props: { open: true, selectedFolder: { id: 8 } } });
    expect(new Set(mockSlotRenders.filter((render) => render.remote === 'share-dialog').map((render) => render.instance))).toEqual(new Set([first]));
  });

  it('is not mounted before the first Share folder', async () => {
    server = serve();
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('button', { name: 'Delete folder Marketing' });
    expect(lastShareDialog()).toBeUndefined();
  });
});

describe('DashboardPage: the team activity', () => {
  let server: ReturnType<typeof serve>;
  afterEach(() => server.uninstall());

  it("leads a team admin to the team's activity page", async () => {
    server = serve({ user: { ...ALICE, isTeamAdmin: true } });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('link', { name: 'Team activity' })).toHaveAttribute('href', '/team/activity');
  });

  it('shows no way there to anyone else', async () => {
    server = serve({ user: { ...ALICE, isTeamAdmin: false } });
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Folders' });
    expect(screen.queryByRole('link', { name: 'Team activity' })).toBeNull();
  });
});
