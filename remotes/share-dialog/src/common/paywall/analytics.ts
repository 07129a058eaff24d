import { trackEvent } from '@deck/shared/analytics/analytics';

export const PAYWALL_EVENTS = {
  viewed: 'share_dialog_paywall_viewed',
  upgradeClicked: 'share_dialog_paywall_upgrade_clicked',
} as const;

export function trackPaywall(event: keyof typeof PAYWALL_EVENTS, paywall: { paywallKey?: string; plan?: string }, documentOid: string | null) {
  trackEvent(PAYWALL_EVENTS[event], { paywall_key: paywall.paywallKey ?? null, plan: paywall.plan ?? null, document_oid: documentOid });
}
