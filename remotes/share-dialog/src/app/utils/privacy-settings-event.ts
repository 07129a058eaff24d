import type { PrivacySettingsSnapshot } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import type { PrivacySettingsChangedDetail } from '../../public-types';

export type { PrivacySettingsChangedDetail };

/** Spec §4: the event's name is the product's short name followed by 'privacy:settings:changed'. */
export function privacySettingsChangedEventName(shortName: string): string {
  return `${shortName}:privacy:settings:changed`;
}

export function settingsChanged(atLoad: PrivacySettingsSnapshot | null, now: PrivacySettingsSnapshot | null): boolean {
  if (!atLoad || !now) return false;
  return atLoad.published !== now.published || atLoad.reusable !== now.reusable;
}

/** Announces changed published/reusable flags to the host page; returns whether it did. */
export function announceIfChanged(
  shortName: string,
  documentOid: string | null,
  atLoad: PrivacySettingsSnapshot | null,
  now: PrivacySettingsSnapshot | null,
  target: Pick<Window, 'dispatchEvent'> = window,
): boolean {
  if (!documentOid || !now || !settingsChanged(atLoad, now)) return false;
  const detail: PrivacySettingsChangedDetail = { documentOid, published: now.published, reusable: now.reusable };
  target.dispatchEvent(new CustomEvent(privacySettingsChangedEventName(shortName), { detail }));
  return true;
}
