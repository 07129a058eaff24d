import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@deck/shared/api/contract';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { Header } from './header';

const ALICE: CurrentUser = { userId: 1, userOid: 'u1', username: 'alice', firstName: 'Alice', lastName: 'Anderson', email: 'alice@example.com', licence: null, teamName: null, isTeamAdmin: false };

function serve(user: CurrentUser | null) {
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/demo/': { body: { users: [{ username: 'bob', firstName: 'Bob', lastName: 'Brown', licence: null, teamName: null }], documents: [], folders: [] } },
    'POST /api/v1/session/sign-out/': { status: 204, body: null },
  });
  return { ...server, uninstall: server.install() };
}

describe('Header', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
    window.history.replaceState(null, '', '/view/qr1?x=1');
  });
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    server.uninstall();
  });

  it('the demo: the demo index and the switch to any demo user', async () => {
    setRuntimeConfig({ demo: true });
    server = serve(null);
    renderWithProviders(<Header />);
    expect(await screen.findByRole('option', { name: 'Bob Brown (bob)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demo index' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('combobox', { name: 'Switch user' })).toBeInTheDocument();
  });

  it('production, signed out: the host sign-in coming back to this page; no demo index, no user switch, no demo listing asked for', async () => {
    setRuntimeConfig({ demo: false, hostSignInUrl: 'https://host.example/login' });
    server = serve(null);
    renderWithProviders(<Header />);
    expect(await screen.findByText('Not signed in')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', `https://host.example/login?return_to=${encodeURIComponent(`${window.location.origin}/view/qr1?x=1`)}`);
    expect(screen.queryByRole('link', { name: 'Demo index' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Switch user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/v1/demo/')).toBe(false);
  });

  it('production, signed in: the dashboard and a sign-out of this session', async () => {
    setRuntimeConfig({ demo: false, hostSignInUrl: 'https://host.example/login' });
    server = serve(ALICE);
    renderWithProviders(<Header />);
    expect(await screen.findByText('Signed in as Alice Anderson')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(server.calls.some((call) => `${call.method} ${call.path}` === 'POST /api/v1/session/sign-out/')).toBe(true));
  });
});
