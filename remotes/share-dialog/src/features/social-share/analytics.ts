import { trackEvent } from '@deck/shared/analytics/analytics';
import type { SocialNetwork } from './utils/share-url';

export const SOCIAL_SHARE_EVENTS = {
  opened: 'social share opened',
} as const;

export function trackSocialShareOpened(documentOid: string, network: SocialNetwork): void {
  trackEvent(SOCIAL_SHARE_EVENTS.opened, { document_oid: documentOid, network });
}
