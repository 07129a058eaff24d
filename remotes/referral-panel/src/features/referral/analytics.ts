import { trackEvent } from '@deck/shared/analytics/analytics';

import type { ReferralSource } from '../../public-types';

export type { ReferralSource };

export const REFERRAL_EVENTS = {
  inviteLinkCopied: 'referral invite link copied',
} as const;

export function trackInviteLinkCopied(source: ReferralSource, campaign: string): void {
  trackEvent(REFERRAL_EVENTS.inviteLinkCopied, { source, campaign });
}
