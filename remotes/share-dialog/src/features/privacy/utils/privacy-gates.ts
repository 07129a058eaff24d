import type { PermissionKey, UnifiedPrivacy, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';

/** Why a privacy control is refused; each maps to a message of spec §8. */
export type PrivacyBlock =
  /** Only the owner may change privacy, publish or set reusable. */
  | 'not-owner'
  /** The team admin switched the action off. */
  | 'team'
  /** A licence is needed: the control offers Upgrade. */
  | 'licence'
  /** 'Only individuals can access' needs the trackable links removed first. */
  | 'trackable-links'
  /** Publishing needs 'Anyone with the link can view'. */
  | 'restricted'
  /** The document was shared with the user and is not reusable. */
  | 'shared-not-reusable'
  /** The server does not allow this change for this document. */
  | 'not-possible';

export type Gate = { allowed: true } | { allowed: false; block: PrivacyBlock };

const ALLOWED: Gate = { allowed: true };
const blocked = (block: PrivacyBlock): Gate => ({ allowed: false, block });

interface Settings {
  privacy: UnifiedPrivacyValue;
  published: boolean;
  reusable: boolean;
}

/** The unified_privacy_set_* flag that governs moving to the given settings. */
export function setPrivacyFlag({ privacy, published, reusable }: Settings): PermissionKey {
  return `unified_privacy_set_${privacy}_${published ? 'published' : 'unpublished'}_${reusable ? 'reusable' : 'copyrighted'}` as PermissionKey;
}

function current(privacy: UnifiedPrivacy): Settings {
  return { privacy: privacy.unified_privacy, published: privacy.is_published, reusable: privacy.is_reusable };
}

/** Spec §4: publishing needs 'Anyone with the link can view', so closing a document unpublishes it. */
export function settingsForPrivacy(privacy: UnifiedPrivacy, target: UnifiedPrivacyValue): Settings {
  return { ...current(privacy), privacy: target, published: target === 'closed' ? false : privacy.is_published };
}

function licenceOrTeam(privacy: UnifiedPrivacy, key: PermissionKey, teamSwitchedOff: boolean): PrivacyBlock | null {
  const value = privacy.permissions?.[key]?.value;
  if (value === 'NOT_ALLOWED_IN_ORG' || teamSwitchedOff) return 'team';
  if (value === 'NOT_ALLOWED_WITH_CURRENT_FEATURES' || value === 'NOT_ALLOWED_LIMIT_REACHED') return 'licence';
  return null;
}

/** May the user move the document to the given access level? */
export function privacyGate(privacy: UnifiedPrivacy, target: UnifiedPrivacyValue): Gate {
  if (target === privacy.unified_privacy) return ALLOWED;
  const key = setPrivacyFlag(settingsForPrivacy(privacy, target));
  const linksInTheWay = target === 'closed' && privacy.view_link_count > 0;
  if (isAllowed(privacy.permissions?.[key]) && !linksInTheWay) return ALLOWED;
  if (!privacy.is_owner) return blocked('not-owner');
  const policy = licenceOrTeam(privacy, key, privacy.team_policy.disable_privacy_changes);
  if (policy) return blocked(policy);
  // Spec §5: 'Only individuals can access' requires removing the document's trackable links first.
  return blocked(linksInTheWay ? 'trackable-links' : 'not-possible');
}

/** May the user change the access level at all (to the level it is not at now)? */
export function privacyControlGate(privacy: UnifiedPrivacy): Gate {
  return privacyGate(privacy, privacy.unified_privacy === 'open' ? 'closed' : 'open');
}

/** May the user switch 'Public' (published in the gallery) to the given value? */
export function publishGate(privacy: UnifiedPrivacy, target: boolean): Gate {
  const key = setPrivacyFlag({ ...current(privacy), published: target });
  if (isAllowed(privacy.permissions?.[key])) return ALLOWED;
  if (target && privacy.unified_privacy === 'closed') return blocked('restricted');
  if (!privacy.is_owner) return blocked('not-owner');
  return blocked(licenceOrTeam(privacy, key, privacy.team_policy.disable_publishing) ?? 'not-possible');
}

/** May the user switch 'Reusable' to the given value? */
export function reusableGate(privacy: UnifiedPrivacy, target: boolean): Gate {
  const key = setPrivacyFlag({ ...current(privacy), reusable: target });
  if (isAllowed(privacy.permissions?.[key])) return ALLOWED;
  if (!privacy.is_owner) return blocked(privacy.is_reusable ? 'not-owner' : 'shared-not-reusable');
  return blocked(licenceOrTeam(privacy, key, privacy.team_policy.disable_privacy_changes) ?? 'not-possible');
}
