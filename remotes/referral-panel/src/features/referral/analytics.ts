import { trackEvent } from '@deck/shared/analytics/analytics';

/** Where the panel is shown; sent with every referral event (spec §2). */
export type ReferralSource = 'COLAB_DASHBOARD' | 'COLAB_EDITOR';

export const REFERRAL_EVENTS = {
  inviteLinkCopied: 'referral invite link copied',
} as const;

export function trackInviteLinkCopied(source: ReferralSource, campaign: string): void {
  trackEvent(REFERRAL_EVENTS.inviteLinkCopied, { source, campaign });
}
