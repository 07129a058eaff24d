import { trackEvent } from '@deck/shared/analytics/analytics';
import type { UnifiedPrivacyValue } from '@deck/shared/api/contract';

export const PRIVACY_EVENTS = {
  setPrivacy: 'share_dialog_set_privacy',
} as const;

/** Spec §4: is_published true gives PUBLIC, else PRIVATE. */
export const privacyForAnalytics = (published: boolean) => (published ? 'PUBLIC' : 'PRIVATE');

/** Spec §4: open gives ACCESSIBLE_WITH_LINK, closed gives COLLABORATOR_ONLY. */
export const linkAccessForAnalytics = (privacy: UnifiedPrivacyValue) => (privacy === 'open' ? 'ACCESSIBLE_WITH_LINK' : 'COLLABORATOR_ONLY');

export function trackSetPrivacy(documentOid: string, control: 'privacy' | 'published' | 'reusable', settings: { privacy: UnifiedPrivacyValue; published: boolean; reusable: boolean }) {
  trackEvent(PRIVACY_EVENTS.setPrivacy, {
    document_oid: documentOid,
    control,
    privacy: privacyForAnalytics(settings.published),
    link_access: linkAccessForAnalytics(settings.privacy),
    reusable: settings.reusable,
  });
}
