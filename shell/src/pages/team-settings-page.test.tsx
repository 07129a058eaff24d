import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import type { TeamWebhook, WebhookDelivery } from '@deck/shared/domains/team-webhooks/webhook-contract';
import { axeViolations } from '@deck/shared/testing/axe';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { TeamSettingsPage } from './team-settings-page';

const ERIN = { userId: 5, userOid: 'u-erin', username: 'erin', firstName: 'Erin', lastName: 'Evans', email: 'erin@example.com', isTeamAdmin: true };
const BOB = { ...ERIN, userId: 2, userOid: 'u-bob', username: 'bob', firstName: 'Bob', lastName: 'Brown', email: 'bob@example.com', isTeamAdmin: false };
const NOT_ADMIN = { statusCode: 403, error: 'Forbidden', message: "Only a team's admins can change whom its trackable links block.", message_code: 'team_block_list_not_allowed' };
const HOOK: TeamWebhook = { url: 'https://hooks.example.com/deck', created_at: '2026-11-20T10:00:00Z', secret_created_at: '2026-11-20T10:00:00Z' };
const delivery = (id: number, status: WebhookDelivery['status'], http: number | null): WebhookDelivery => ({
  id: String(id),
  event: 'link.opened',
  status,
  attempts: status === 'delivered' ? 1 : 3,
  last_http_status: http,
  last_error: http === null ? 'timed out' : null,
  created_at: '2026-11-20T10:00:00Z',
  last_attempt_at: '2026-11-20T10:00:01Z',
  next_attempt_at: status === 'pending' ? '2026-11-20T10:05:00Z' : null,
  delivered_at: status === 'delivered' ? '2026-11-20T10:00:01Z' : null,
});

/** The team's settings as the server keeps them: the block list normalised, a webhook or none. */
function serve(user = ERIN, webhook: TeamWebhook | null = null) {
  let entries: string[] = ['*@rival.example'];
  let hook = webhook;
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/team/blocked-viewers/': () => (user.isTeamAdmin ? { body: { entries, max: 50 } } : { status: 403, body: NOT_ADMIN }),
    'PUT /api/v1/team/blocked-viewers/': (call: RecordedCall) => {
      const typed = (call.body as { entries: string[] }).entries;
      const wrong = typed.filter((entry) => !entry.includes('@'));
      if (wrong.length) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: LINK_CONTROL_MESSAGES.allowListEntry.replace('{entry}', wrong[0]),
            code: 'INVALID_BLOCKED_VIEWER',
            violations: [{ field: 'entries', code: 'INVALID_BLOCKED_VIEWER', message: LINK_CONTROL_MESSAGES.allowListEntry.replace('{entry}', wrong[0]), message_code: 'link_control_allow_list_entry', message_values: { entry: wrong[0] } }],
          },
        };
      }
      entries = typed;
      return { body: { entries, max: 50 } };
    },
    'GET /api/v1/team/webhook/': () => (hook ? { body: hook } : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Your team has no webhook.', message_code: 'webhook_no_webhook' } }),
    'PUT /api/v1/team/webhook/': (call: RecordedCall) => {
      const created = !hook;
      hook = { ...HOOK, url: (call.body as { url: string }).url };
      return { status: created ? 201 : 200, body: created ? { ...hook, secret: 'whsec_first' } : hook };
    },
    'POST /api/v1/team/webhook/secret/': () => ({ body: { ...hook!, secret: 'whsec_rotated' } }),
    'DELETE /api/v1/team/webhook/': () => {
      hook = null;
      return { status: 204 };
    },
    'GET /api/v1/team/webhook/deliveries/': { body: { deliveries: [delivery(2, 'pending', null), delivery(1, 'delivered', 200)], next_before: null } },
  });
  const uninstall = server.install();
  return { ...server, uninstall };
}

describe('TeamSettingsPage', () => {
  let uninstall = () => {};
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
  });
  afterEach(() => uninstall());

  it('the block list: shown as typed (@domain), a wrong entry named beside the field, then saved as the server keeps it', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamSettingsPage />);
    const field = await screen.findByLabelText('Addresses and domains to block');
    expect(field).toHaveValue('@rival.example');
    expect(field).toHaveAccessibleDescription(/Up to 50 entries/);
    await user.clear(field);
    await user.type(field, '@rival.example, competitor.example');
    await user.click(screen.getByRole('button', { name: 'Save block list' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/“competitor.example” is neither an e-mail address nor @ followed by a domain\./));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '@rival.example Spy@Competitor.example');
    await user.click(screen.getByRole('button', { name: 'Save block list' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => status.textContent === 'Block list saved.')).toBe(true));
    const saved = server.calls.filter((call) => call.method === 'PUT' && call.path === '/api/v1/team/blocked-viewers/').at(-1);
    expect(saved?.body).toEqual({ entries: ['*@rival.example', 'spy@competitor.example'] });
    expect(field).toHaveValue('@rival.example, spy@competitor.example');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('more entries than the limit are refused before asking the server, and the count says so', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamSettingsPage />);
    const field = await screen.findByLabelText('Addresses and domains to block');
    await user.clear(field);
    await user.click(field);
    await user.paste(Array.from({ length: 51 }, (_, i) => `p${i}@rival.example`).join(' '));
    expect(field).toHaveAccessibleDescription(/the list holds at most 50/);
    expect(field).toHaveAccessibleDescription(/51 of 50/);
    await user.click(screen.getByRole('button', { name: 'Save block list' }));
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('the webhook: added, its secret shown once; a new secret after a question; removed, focus on the address', async () => {
    const server = serve();
    uninstall = server.uninstall;
    const user = userEvent.setup();
    renderWithProviders(<TeamSettingsPage />);
    const address = await screen.findByLabelText('Webhook address');
    await user.type(address, 'https://hooks.example.com/deck');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_first');
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    // The log of deliveries, each with what the receiver answered.
    const table = await screen.findByRole('table', { name: 'Deliveries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Pending', 'Delivered']);
    expect(within(rows[0]).getByText('timed out')).toBeInTheDocument();
    expect(within(rows[1]).getByText('HTTP 200')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make a new signing secret' }));
    const question = screen.getByRole('alertdialog', { name: 'Make a new signing secret?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Make new secret' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_rotated'));
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove the webhook' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove the webhook?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add webhook' })).toBeInTheDocument());
    expect(screen.getByLabelText('Webhook address')).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).toBeNull();
    expect(server.calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/team/webhook/')).toBe(true);
  });

  it('someone who is not a team admin is told why, in the server’s words', async () => {
    const server = serve(BOB);
    uninstall = server.uninstall;
    renderWithProviders(<TeamSettingsPage />);
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('You cannot see this page');
    expect(refusal).toHaveTextContent("Only a team's admins can change whom its trackable links block.");
    expect(screen.queryByLabelText('Addresses and domains to block')).toBeNull();
  });
});
