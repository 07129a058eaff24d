import { screen, waitFor } from '@testing-library/react';
import type { CurrentUser, InvitationDetails } from '@deck/shared/api/contract';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { InvitationPage } from './invitation-page';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';

const TOKEN = 'Zk3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';
const DETAILS = `GET /api/v4/presentation/invitation/${TOKEN}/`;
const ACCEPT = 'POST /api/v4/presentation/invitation/';

function details(overrides: Partial<InvitationDetails> = {}): InvitationDetails {
  return {
    kind: 'document',
    status: 'pending',
    email: 'hugo@example.org',
    inviter_name: 'Alice Anderson',
    title: 'Quarterly Review',
    level: 'commenter',
    target_url: '/editor/qr1',
    signed_in_email: null,
    account_exists: false,
    ...overrides,
  };
}

function person(email: string): CurrentUser {
  return { userId: 9, userOid: 'u9', username: 'u9', firstName: 'Some', lastName: 'One', email, licence: null, teamName: null, isTeamAdmin: false };
}

function serve(invitation: InvitationDetails | { status: number; body: unknown }, user: CurrentUser | null = null) {
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/demo/': { body: { users: [], documents: [], folders: [] } },
    [DETAILS]: 'status' in invitation && typeof invitation.status === 'number' ? invitation : { body: invitation },
    [ACCEPT]: { body: { kind: 'document', target_url: '/editor/qr1' } },
  });
  return { ...server, uninstall: server.install() };
}

describe('InvitationPage', () => {
  // The demo's pages: their sign-in offers the demo users (production's are tested apart).
  beforeEach(() => setRuntimeConfig({ demo: true }));
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
  });
  afterEach(() => server.uninstall());

  it('signed out with no account for the address: offers a demo user for it', async () => {
    server = serve(details());
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Alice Anderson invited you' })).toBeInTheDocument();
    expect(screen.getByText('You are invited to comment on “Quarterly Review” as hugo@example.org.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a demo user for hugo@example.org and accept' })).toBeInTheDocument();
  });

  it('signed in as the invited address: accepts at once with the token', async () => {
    server = serve(details(), person('hugo@example.org'));
    renderWithProviders(<InvitationPage token={TOKEN} />);
    await waitFor(() => expect(server.calls.some((call) => `${call.method} ${call.path}` === ACCEPT)).toBe(true));
    const accept = server.calls.find((call) => `${call.method} ${call.path}` === ACCEPT)!;
    expect(accept.body).toEqual({ token: TOKEN });
    expect(accept.headers.get('X-CSRFToken')).toBe('test-token');
  });

  it.each([
    ['used', 'This invitation has already been used'],
    ['expired', 'This invitation has expired'],
    ['revoked', 'This invitation was withdrawn'],
  ] as const)('a %s invitation gets its own page and is not accepted', async (status, heading) => {
    server = serve(details({ status }), person('hugo@example.org'));
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('signed in as another address: says which address it was sent to, and does not accept', async () => {
    server = serve(details(), person('grace@example.com'));
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument();
    expect(screen.getByText('It was sent to hugo@example.org, but you are signed in as grace@example.com. Sign in with the invited address to accept it.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('an unknown token says the invitation does not exist', async () => {
    server = serve({ status: 404, body: { statusCode: 404, message: 'This invitation does not exist.' } });
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This invitation does not exist' })).toBeInTheDocument();
  });
});

describe('InvitationPage in production: the host product signs people in', () => {
  let server: ReturnType<typeof serve>;
  const HOST_SIGN_IN = 'https://host.example/login?next={return}';
  const back = (path: string) => `https://host.example/login?next=${encodeURIComponent(`${window.location.origin}${path}`)}`;
  beforeEach(() => {
    setRuntimeConfig({ demo: false, hostSignInUrl: HOST_SIGN_IN });
    window.history.replaceState(null, '', `/invitation/${TOKEN}`);
  });
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    server.uninstall();
  });

  it.each([false, true])('signed out (account exists: %s): offers the host sign-in, coming back to the invitation; nothing of the demo', async (accountExists) => {
    server = serve(details({ account_exists: accountExists }));
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByText('Sign in as hugo@example.org to accept it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', back(`/invitation/${TOKEN}`));
    expect(screen.queryByRole('button', { name: /demo user/ })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path.startsWith('/api/v1/demo/') || call.path.startsWith('/dev/'))).toBe(false);
  });

  it('signed in as another address: the host sign-in, to come back as the invited one', async () => {
    server = serve(details({ account_exists: true }), person('grace@example.com'));
    renderWithProviders(<InvitationPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', back(`/invitation/${TOKEN}`));
  });
});
