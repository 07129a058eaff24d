import { announced } from '@deck/shared/testing/live-region';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { trackEvent } from '@deck/shared/analytics/analytics';
import { ReferralInvite } from './referral-invite';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

const alice = {
  userId: 1,
  userOid: 'u-alice',
  username: 'alice',
  firstName: 'Alice',
  lastName: 'Anderson',
  email: 'alice@example.com',
  licence: 'premium',
  teamName: 'Acme',
  isTeamAdmin: false,
};

const referral = {
  campaign: 'ai-credits',
  reward_credits: 200,
  tokens: { ln: 'ln-alice', email: 'em-alice' },
  invitation_link: 'http://localhost/signup/',
  credits_balance: 0,
  referred_count: 0,
};

const REFERRAL_ROUTE = 'GET /api/v1/referrals/users/u-alice/campaigns/ai-credits/';

describe('ReferralInvite', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    jest.useRealTimers();
  });

  it("offers the server's credits and the invitation link carrying referral_token", async () => {
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: alice } },
      [REFERRAL_ROUTE]: { body: { ...referral, reward_credits: 1500 } },
    }).install();
    renderWithProviders(<ReferralInvite source="COLAB_DASHBOARD" />);
    expect(await screen.findByRole('textbox', { name: 'Your invitation link' })).toHaveValue(
      'http://localhost/signup/?referral_token=ln-alice',
    );
    expect(screen.getByRole('heading', { name: 'Invite friends, you both get 1,500 AI credits' })).toBeInTheDocument();
  });

  it("shows the inviter's balance and how many people joined", async () => {
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: alice } },
      [REFERRAL_ROUTE]: { body: { ...referral, credits_balance: 1400, referred_count: 7 } },
    }).install();
    renderWithProviders(<ReferralInvite source="COLAB_DASHBOARD" />);
    const standing = await screen.findByRole('list', { name: 'Your referrals' });
    expect(standing).toHaveTextContent('Your balance: 1,400 AI credits');
    expect(standing).toHaveTextContent('7 people joined through your link.');
  });

  it('formats the credits in the page locale', async () => {
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: alice } },
      [REFERRAL_ROUTE]: { body: { ...referral, reward_credits: 1500 } },
    }).install();
    renderWithProviders(<ReferralInvite source="COLAB_DASHBOARD" />, { locale: 'de' });
    expect(await screen.findByRole('heading', { name: /1\.500/ })).toBeInTheDocument();
  });

  it('copies the link, says Copied for 2 s and logs the copy with its source', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: alice } },
      [REFERRAL_ROUTE]: { body: referral },
    }).install();
    renderWithProviders(<ReferralInvite source="COLAB_EDITOR" />);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/signup/?referral_token=ln-alice');
    // Waiting may advance the fake clock by up to two poll intervals (50 ms each); the checks below allow for it.
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(trackEvent).toHaveBeenCalledWith('referral invite link copied', { source: 'COLAB_EDITOR', campaign: 'ai-credits' });

    await act(async () => jest.advanceTimersByTime(1850));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(150));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows the offer with a sign-in hint and no link when nobody is signed in', async () => {
    const server = createFakeServer({ 'GET /api/v1/session/': { body: { user: null } } });
    restore = server.install();
    renderWithProviders(<ReferralInvite source="COLAB_DASHBOARD" />);
    expect(await screen.findByText('Sign in to get your personal invitation link.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite friends, you both get 200 AI credits' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/v1/session/']);
  });

  it('shows the generic error when the referral cannot be loaded, and retries', async () => {
    let answer = { status: 500, body: { message: 'boom' } as unknown };
    restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: alice } },
      [REFERRAL_ROUTE]: () => answer,
    }).install();
    const user = userEvent.setup();
    renderWithProviders(<ReferralInvite source="COLAB_DASHBOARD" />);
    await announced('An error has occurred Please try again later.');
    answer = { status: 200, body: referral };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your invitation link' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
