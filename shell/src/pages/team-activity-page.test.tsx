import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry, TeamActivityChoices } from '@deck/shared/domains/sharing-activity/activity-contract';
import { axeViolations } from '@deck/shared/testing/axe';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { TeamActivityPage } from './team-activity-page';

const ERIN = { userId: 5, userOid: 'u-erin', username: 'erin', firstName: 'Erin', lastName: 'Evans', email: 'erin@example.com', isTeamAdmin: true };
const BOB = { ...ERIN, userId: 2, userOid: 'u-bob', username: 'bob', firstName: 'Bob', lastName: 'Brown', email: 'bob@example.com', isTeamAdmin: false };

const CHOICES: TeamActivityChoices = {
  people: [
    { id: 1, name: 'Alice Anderson', email: 'alice@example.com' },
    { id: 2, name: 'Bob Brown', email: 'bob@example.com' },
  ],
  documents: [{ oid: 'qr', title: 'Quarterly Review' }],
  folders: [{ id: 7, name: 'Marketing' }],
};

const entry = (id: number, actor: 1 | 2, subject: string): ActivityEntry => ({
  id,
  at: '2026-11-20T10:00:00Z',
  action: 'collaborator_added',
  actor: { id: actor, name: actor === 1 ? 'Alice Anderson' : 'Bob Brown' },
  subject,
  before: null,
  after: { permission: 'viewer' },
  document: { oid: 'qr', title: 'Quarterly Review' },
  folder: null,
});
const LOG = [entry(5, 2, 'eve@example.com'), entry(4, 1, 'dan@example.com'), entry(3, 2, 'cy@example.com'), entry(2, 1, 'bo@example.com'), entry(1, 1, 'al@example.com')];

/** The team's log, filtered by person as the server does, two entries a page. */
function serve(user = ERIN) {
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/team/activity/choices/': user.isTeamAdmin ? { body: CHOICES } : { status: 403, body: { statusCode: 403, error: 'Forbidden', message: "Only a team's admins can see its sharing activity.", message_code: 'activity_team_activity_not_allowed' } },
    'GET /api/v1/team/activity/': (call) => {
      if (!user.isTeamAdmin) return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: "Only a team's admins can see its sharing activity.", message_code: 'activity_team_activity_not_allowed' } };
      const actor = call.query.get('actor');
      const before = Number(call.query.get('before') ?? Infinity);
      const matching = LOG.filter((e) => (!actor || String(e.actor?.id) === actor) && e.id < before);
      const results = matching.slice(0, 2);
      return { body: { results, next_before: matching.length > 2 ? results[1].id : null } };
    },
  });
  const uninstall = server.install();
  return { ...server, uninstall };
}

const reads = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/v1/team/activity/');
const sentences = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent);

describe('TeamActivityPage', () => {
  let uninstall = () => {};
  afterEach(() => uninstall());

  it('filters by person: only their changes, the export link carries the filter, and the status says how many', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamActivityPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team activity' })).toBeInTheDocument();
    let list = await screen.findByTestId('team-activity-list');
    expect(sentences(list)).toEqual(['Bob Brown added eve@example.com as viewer.', 'Alice Anderson added dan@example.com as viewer.']);
    // Where each change was made, before its time.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/Quarterly Review · Nov 20, 2026/);

    await user.selectOptions(screen.getByLabelText('Person'), 'Bob Brown');
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    await user.click(apply);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 changes shown'));
    list = screen.getByTestId('team-activity-list');
    expect(sentences(list)).toEqual(['Bob Brown added eve@example.com as viewer.', 'Bob Brown added cy@example.com as viewer.']);
    expect(reads(server.calls).at(-1)?.query.get('actor')).toBe('2');
    expect(screen.getByRole('link', { name: 'Export this view (CSV)' })).toHaveAttribute('href', expect.stringMatching(/\/api\/v1\/team\/activity\.csv\?actor=2$/));
    // Focus stays where the admin asked; the status said the result.
    expect(apply).toHaveFocus();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('"Show older changes" adds the next page inside the filter and moves focus to the first older change', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamActivityPage />);
    const list = await screen.findByTestId('team-activity-list');
    expect(screen.getByRole('status')).toHaveTextContent('2 changes shown, older ones follow');
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[2]).toHaveFocus());
    expect(reads(server.calls).at(-1)?.query.get('before')).toBe('4');
  });

  it('sends a period as the start of the first day and of the day after the last, in the admin’s own time zone', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamActivityPage />);
    await screen.findByTestId('team-activity-list');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(reads(server.calls).at(-1)?.query.get('from')).toBe(new Date(2026, 10, 1).toISOString()));
    expect(reads(server.calls).at(-1)?.query.get('to')).toBe(new Date(2026, 11, 1).toISOString());
    expect(screen.getByRole('link', { name: 'Export this view (CSV)' }).getAttribute('href')).toContain(`from=${encodeURIComponent(new Date(2026, 10, 1).toISOString())}`);
  });

  it('someone who is not a team admin is told why, in the server’s words', async () => {
    const server = serve(BOB);
    uninstall = server.uninstall;
    renderWithProviders(<TeamActivityPage />);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent("You cannot see this page");
    expect(refusal).toHaveTextContent("Only a team's admins can see its sharing activity.");
    expect(screen.queryByRole('list')).toBeNull();
  });
});
