import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@deck/shared/api/contract';
import type { ActivityEntry, ActivityPage as Page } from '@deck/shared/domains/sharing-activity/activity-contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { ALICE } from '../../../testing/dialog-server';
import { ActivityPage } from './activity-page';

const person = (isTeamAdmin: boolean): CurrentUser => ({ ...ALICE, isTeamAdmin });

const entry = (id: number, over: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  at: '2026-05-01T10:00:00.000Z',
  action: 'collaborator_added',
  actor: { id: 1, name: 'Alice Anderson' },
  subject: 'zoe@example.com',
  before: null,
  after: { permission: 'viewer' },
  document: { oid: 'qr1', title: 'Quarterly Review' },
  folder: null,
  ...over,
});

const PATH = 'GET /api/v1/share/qr1/activity/';

describe('ActivityPage', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('says each change as a sentence, newest first, and pages back on request', async () => {
    const first: Page = {
      results: [
        entry(5, { action: 'privacy_changed', subject: null, before: { privacy: 'open', published: true, reusable: false }, after: { privacy: 'closed', published: false, reusable: false } }),
        entry(4, { action: 'collaborator_changed', actor: { id: 2, name: 'Bob Brown' }, subject: 'dave@example.com', before: { permission: 'viewer' }, after: { permission: 'commenter' } }),
      ],
      next_before: 4,
    };
    const second: Page = { results: [entry(3, { action: 'link_created', subject: null, actor: null, after: null })], next_before: null };
    const server = createFakeServer({
      'GET /api/v1/session/': { body: { user: person(false) } },
      [PATH]: (call) => ({ body: call.query.get('before') === '4' ? second : first }),
    });
    restore = server.install();
    renderWithProviders(<ActivityPage documentOid="qr1" onBack={() => {}} />);
    const list = await screen.findByTestId('activity-list');
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'Alice Anderson made the document visible to collaborators only. Alice Anderson unpublished the document.',
      'Bob Brown changed dave@example.com from viewer to commenter.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await within(list).findByText('A removed account created the trackable link a trackable link.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Download this document's activity (CSV)" })).not.toBeInTheDocument();
  });

  it('hands focus to the first older change once "Show older changes" has loaded it', async () => {
    const first: Page = { results: [entry(5, {}), entry(4, { subject: 'dave@example.com' })], next_before: 4 };
    const second: Page = { results: [entry(3, { subject: 'erin@example.com' }), entry(2, { subject: 'finn@example.com' })], next_before: null };
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: person(false) } },
      [PATH]: (call) => ({ body: call.query.get('before') === '4' ? second : first }),
    }).install();
    renderWithProviders(<ActivityPage documentOid="qr1" onBack={() => {}} />);
    const list = await screen.findByTestId('activity-list');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[2]).toHaveFocus());
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('erin@example.com');
  });

  it("offers a team admin this document's activity as CSV (the team export, filtered to it)", async () => {
    restore = createFakeServer({ 'GET /api/v1/session/': { body: { user: person(true) } }, [PATH]: { body: { results: [], next_before: null } } }).install();
    renderWithProviders(<ActivityPage documentOid="qr1" onBack={() => {}} />);
    expect(await screen.findByText('No sharing changes yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: "Download this document's activity (CSV)" })).toHaveAttribute('href', expect.stringMatching(/\/api\/v1\/team\/activity\.csv\?document=qr1$/));
  });

  it("shows the server's reason when the log is not the user's to read", async () => {
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: person(false) } },
      [PATH]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          code: 'NOT_ALLOWED',
          message: "Only the document's owner or an admin of the owner's team can see its sharing activity.",
          message_code: 'activity_document_activity_not_allowed',
        },
      },
    }).install();
    renderWithProviders(<ActivityPage documentOid="qr1" onBack={() => {}} />);
    expect(await screen.findByText(/The activity could not be loaded\. Only the document's owner or an admin of the owner's team can see its sharing activity\./)).toBeInTheDocument();
  });
});
