import { screen } from '@testing-library/react';
import type { CurrentUser } from '@deck/shared/api/contract';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { HomePage } from './home-page';

const ALICE: CurrentUser = { userId: 1, userOid: 'u1', username: 'u1', firstName: 'Alice', lastName: 'Anderson', email: 'alice@example.com', licence: null, teamName: null, isTeamAdmin: false };

function serve(user: CurrentUser | null) {
  // Production has no demo listing: /api/v1/demo/ answers 404 there.
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/demo/': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Route GET /api/v1/demo/ not found' } },
  });
  return { ...server, uninstall: server.install() };
}

describe('the home page in production: a plain landing', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setRuntimeConfig({ demo: false, hostSignInUrl: 'https://host.example/login?next={return}' }));
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    server.uninstall();
    window.history.replaceState(null, '', '/');
  });

  it('a referral link lands on it without an error: the invitation is said and the host sign-in leads to the dashboard', async () => {
    window.history.replaceState(null, '', '/?referral_token=alicelinktoken');
    server = serve(null);
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sharing and privacy' })).toBeInTheDocument();
    expect(screen.getByText('You were invited: sign up and you both get AI credits.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `https://host.example/login?next=${encodeURIComponent(`${window.location.origin}/dashboard`)}`,
    );
    expect(screen.queryByText('An error has occurred')).not.toBeInTheDocument();
    expect(screen.queryByText(/demo/i)).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/v1/demo/')).toBe(false);
  });

  it('signed in: the way to the dashboard', async () => {
    server = serve(ALICE);
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
