import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyAccessRequest } from '@deck/shared/domains/access-requests/access-request-contract';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { EditorPage } from '../editor-page';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';

const OID = 'ps1';
const DOCUMENT = `GET /api/v4/presentation/${OID}/`;
const MINE = `GET /api/v4/presentation/${OID}/access-request/`;
const SEND = `POST /api/v4/presentation/${OID}/access-request/`;

const NO_ACCESS = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have access to this document', code: 'NOT_ALLOWED' } };
const RATE_LIMITED = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many requests. Try again in 60 second(s).',
  code: 'RATE_LIMITED',
  message_code: 'rate_limited',
  message_values: { seconds: '60' },
};
const PENDING: MyAccessRequest = { id: 3, status: 'pending', message: 'For the board meeting', created_at: '2026-11-20T09:00:00.000Z' };

function serve(routes: Parameters<typeof createFakeServer>[0]) {
  const server = createFakeServer({
    'GET /api/v1/demo/': { body: { users: [{ username: 'frank', firstName: 'Frank', lastName: 'Foster' }], documents: [], folders: [] } },
    ...routes,
  });
  return { ...server, uninstall: server.install() };
}

const LOAD = { timeout: 8_000 };

describe("the editor page of a document the user cannot see: 'Request access'", () => {
  // The demo's pages: their sign-in offers the demo users (production's are tested apart).
  beforeEach(() => setRuntimeConfig({ demo: true }));
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
  });
  afterEach(() => server.uninstall());

  it('sends the optional message, then says the request was sent', async () => {
    const user = userEvent.setup();
    let pending: MyAccessRequest | null = null;
    server = serve({
      [DOCUMENT]: NO_ACCESS,
      [MINE]: () => ({ body: { request: pending } }),
      [SEND]: (call) => {
        pending = { ...PENDING, message: (call.body as { message?: string }).message ?? null };
        return { status: 201, body: { request: pending } };
      },
    });
    renderWithProviders(<EditorPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'You need access' }, LOAD)).toBeInTheDocument();
    expect(document.title).toBe('Request access – Deck');
    await user.type(screen.getByRole('textbox', { name: 'Message to the owner (optional)' }), '  For the board meeting ');
    await user.click(screen.getByRole('button', { name: 'Request access' }));

    const sent = await screen.findByRole('heading', { level: 1, name: 'Request sent' });
    const call = server.calls.find((c) => `${c.method} ${c.path}` === SEND)!;
    expect(call.body).toEqual({ message: 'For the board meeting' });
    expect(call.headers.get('X-CSRFToken')).toBe('test-token');
    expect(screen.getByText('For the board meeting')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveFocus());
    await waitFor(() => expect(document.getElementById('deck-live-region')).toHaveTextContent('Request sent'));
  });

  it('a collaborator whose access ended is told so, and by whose end date, and may ask again', async () => {
    const ended = {
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Your access to this presentation has ended, at the time Alice Anderson set for it. You can ask Alice Anderson for access again.',
        code: 'NOT_ALLOWED',
        message_code: 'access_ended',
        message_values: { owner: 'Alice Anderson' },
      },
    };
    server = serve({ [DOCUMENT]: ended, [MINE]: { body: { request: null } } });
    renderWithProviders(<EditorPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your access has ended' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Your access to this presentation has ended, at the time Alice Anderson set for it. You can ask Alice Anderson for access again.')).toBeInTheDocument();
    expect(screen.queryByText(/cannot open this presentation yet/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request access' })).toBeInTheDocument();
  });

  it('without a message sends an empty body', async () => {
    const user = userEvent.setup();
    server = serve({ [DOCUMENT]: NO_ACCESS, [MINE]: { body: { request: null } }, [SEND]: { status: 201, body: { request: { ...PENDING, message: null } } } });
    renderWithProviders(<EditorPage oid={OID} />);
    await user.click(await screen.findByRole('button', { name: 'Request access' }, LOAD));
    await screen.findByRole('heading', { name: 'Request sent' });
    expect(server.calls.find((c) => `${c.method} ${c.path}` === SEND)!.body).toEqual({});
  });

  it('a second visit says the request is pending and offers no second one', async () => {
    server = serve({ [DOCUMENT]: NO_ACCESS, [MINE]: { body: { request: PENDING } } });
    renderWithProviders(<EditorPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your request is pending' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/^You asked for access on November 20, 2026\./)).toBeInTheDocument();
    expect(screen.getByText('For the board meeting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the request is refused, and keeps the message", async () => {
    const user = userEvent.setup();
    server = serve({
      [DOCUMENT]: NO_ACCESS,
      [MINE]: { body: { request: null } },
      [SEND]: { status: 429, body: RATE_LIMITED },
    });
    renderWithProviders(<EditorPage oid={OID} />);
    await user.type(await screen.findByRole('textbox', { name: 'Message to the owner (optional)' }, LOAD), 'hello');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your request was not sent: Too many requests. Try again in 60 second(s).');
    expect(screen.getByRole('textbox', { name: 'Message to the owner (optional)' })).toHaveValue('hello');
  });

  it("the refusal's reason is translated by its message code", async () => {
    const user = userEvent.setup();
    server = serve({ [DOCUMENT]: NO_ACCESS, [MINE]: { body: { request: null } }, [SEND]: { status: 429, body: RATE_LIMITED } });
    renderWithProviders(<EditorPage oid={OID} />, { locale: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Zugriff anfragen' }, LOAD));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ihre Anfrage wurde nicht gesendet: Zu viele Anfragen. Versuchen Sie es in 60 Sekunde(n) erneut.');
  });

  it('signed out: offers to sign in and come back, not to request', async () => {
    server = serve({ [DOCUMENT]: { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Authentication credentials were not provided.' } } });
    renderWithProviders(<EditorPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to open this presentation' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in as Frank Foster' })).toHaveAttribute('href', expect.stringContaining('next=%2F'));
    expect(server.calls.some((c) => c.path.endsWith('/access-request/'))).toBe(false);
  });
});
