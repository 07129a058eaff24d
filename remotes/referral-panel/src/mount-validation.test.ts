import { validateReferralPanelProps } from './mount';

describe('referral-panel props at mount', () => {
  it('accepts both sources', () => {
    expect(() => validateReferralPanelProps({ source: 'COLAB_DASHBOARD' })).not.toThrow();
    expect(() => validateReferralPanelProps({ source: 'COLAB_EDITOR' })).not.toThrow();
  });

  it.each([
    [{}, "referral-panel: source must be 'COLAB_DASHBOARD' or 'COLAB_EDITOR' (got undefined)"],
    [{ source: 'dashboard' }, "referral-panel: source must be 'COLAB_DASHBOARD' or 'COLAB_EDITOR' (got the string \"dashboard\")"],
  ])('refuses %j', (props, message) => {
    expect(() => validateReferralPanelProps(props)).toThrow(message);
  });
});
