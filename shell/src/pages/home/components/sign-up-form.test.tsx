import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { SignUpForm } from './sign-up-form';

const NORA = { userId: 9, userOid: 'u-nora', username: 'nora-x', firstName: 'Nora', lastName: '', email: 'nora@example.com' };

describe('SignUpForm', () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
  });
  afterEach(() => uninstall());

  it('signs up and says both sides got the credits', async () => {
    const server = createFakeServer({ 'POST /dev/sign-up': { body: { user: NORA, referral: 'credited', credits: 200 } } });
    uninstall = server.install();
    const user = userEvent.setup();
    renderWithProviders(<SignUpForm invited />);
    expect(screen.getByText('You were invited: sign up and you both get AI credits.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Nora ');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome! You and the person who invited you each got 200 AI credits.');
    expect(server.calls[0].body).toEqual({ first_name: 'Nora', email: 'nora@example.com' });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says why no credits came, and shows a refusal', async () => {
    let answer = { status: 200, body: { user: NORA, referral: 'self_referral', credits: 0 } as unknown };
    const server = createFakeServer({ 'POST /dev/sign-up': () => answer });
    uninstall = server.install();
    const user = userEvent.setup();
    answer = { status: 403, body: { message: 'An account with this address exists: sign in with it instead.' } };
    renderWithProviders(<SignUpForm invited={false} />);
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Alice');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign up: An account with this address exists: sign in with it instead.');
    answer = { status: 200, body: { user: NORA, referral: 'self_referral', credits: 0 } };
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your own invitation link earns no credits.');
  });
});
