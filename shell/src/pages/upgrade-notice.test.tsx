import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { CardPaymentsError, loadCardPayments } from '@deck/shared/payments/card-payments';
import { UpgradeNotice } from './upgrade-notice';

jest.mock('@deck/shared/payments/card-payments', () => ({
  ...jest.requireActual('@deck/shared/payments/card-payments'),
  loadCardPayments: jest.fn(),
}));

const load = loadCardPayments as jest.MockedFunction<typeof loadCardPayments>;
const provider = { confirmPayment: jest.fn(async () => ({ status: 'succeeded' as const, paymentId: 'pay_1' })) };

function renderNotice() {
  renderWithProviders(<UpgradeNotice request={{ paywallKey: 'pitch_privacy_private', plan: 'standard' }} onDismiss={() => {}} />);
  return screen.getByRole('status');
}

describe('UpgradeNotice', () => {
  afterEach(() => load.mockReset());

  it('names the plan and the paywall, and confirms a card payment', async () => {
    load.mockResolvedValue(provider);
    const notice = renderNotice();
    expect(notice).toHaveTextContent('Upgrade requested (standard plan), paywall pitch_privacy_private.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(/Payment confirmed for the standard plan\. The demo’s payment provider charges nothing\./)).toBeInTheDocument();
    expect(provider.confirmPayment).toHaveBeenCalledWith({ plan: 'standard', paywallKey: 'pitch_privacy_private' });
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('says the service could not be loaded when its script fails, and Try again loads it again', async () => {
    const user = userEvent.setup();
    load.mockRejectedValueOnce(new CardPaymentsError('failed_to_load', 'Failed to load the card payment service')).mockResolvedValueOnce(provider);
    const notice = renderNotice();
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(/The card payment service could not be loaded\. Please try again later\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Payment confirmed for the standard plan\./)).toBeInTheDocument();
    expect(notice).not.toHaveTextContent('could not be loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says card payments are not available when the script defines no provider, and offers Try again', async () => {
    load.mockRejectedValue(new CardPaymentsError('not_available', 'Card payments are not available'));
    renderNotice();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(/Card payments are not available right now\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
