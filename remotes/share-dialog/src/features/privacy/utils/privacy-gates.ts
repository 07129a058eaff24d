import type { PermissionKey, UnifiedPrivacy, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import { decisionOf, type Decision } from '@deck/shared/domains/privacy/refusal';

/** Why the server refused a privacy control (from its reason code); each maps to a message of spec §8. */
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

/** The server's reason codes (spec §8 texts) and the message each stands for. */
const BLOCK_BY_CODE: Readonly<Record<string, PrivacyBlock>> = {
  only_owner_privacy: 'not-owner',
  only_owner_publish: 'not-owner',
  team_privacy: 'team',
  team_publish: 'team',
  privacy_paywall: 'licence',
  close_with_trackable_links: 'trackable-links',
  publish_closed: 'restricted',
  not_reusable: 'shared-not-reusable',
  reusable_not_allowed: 'not-possible',
};

/**
 * Why the server refused: by its reason's code, else (a server that sent no code) by the permission value
 * it sent. Nothing here looks at the document's state: the server decided, with everything it knows.
 */
function blockOf(decision: Extract<Decision, { allowed: false }>): PrivacyBlock {
  const byCode = decision.code ? BLOCK_BY_CODE[decision.code] : undefined;
  if (byCode) return byCode;
  switch (decision.value) {
    case 'NOT_ALLOWED':
      return 'not-owner';
    case 'NOT_ALLOWED_IN_ORG':
      return 'team';
    case 'NOT_ALLOWED_WITH_CURRENT_FEATURES':
    case 'NOT_ALLOWED_LIMIT_REACHED':
      return 'licence';
    default:
      return 'not-possible';
  }
}

function gate(privacy: UnifiedPrivacy, settings: Settings): Gate {
  const decision = decisionOf(privacy, setPrivacyFlag(settings));
  return decision.allowed ? ALLOWED : { allowed: false, block: blockOf(decision) };
}

/** May the user move the document to the given access level? */
export function privacyGate(privacy: UnifiedPrivacy, target: UnifiedPrivacyValue): Gate {
  if (target === privacy.unified_privacy) return ALLOWED;
  return gate(privacy, settingsForPrivacy(privacy, target));
}

/** May the user change the access level at all (to the level it is not at now)? */
export function privacyControlGate(privacy: UnifiedPrivacy): Gate {
  return privacyGate(privacy, privacy.unified_privacy === 'open' ? 'closed' : 'open');
}

/** May the user switch 'Public' (published in the gallery) to the given value? */
export function publishGate(privacy: UnifiedPrivacy, target: boolean): Gate {
  return gate(privacy, { ...current(privacy), published: target });
}

/** May the user switch 'Reusable' to the given value? */
export function reusableGate(privacy: UnifiedPrivacy, target: boolean): Gate {
  return gate(privacy, { ...current(privacy), reusable: target });
}
