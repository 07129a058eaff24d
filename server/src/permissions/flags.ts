import type {
  CollaboratorPermission,
  Licence,
  OrganizationPermissionType,
  Permission,
  PermissionFlags,
  PermissionKey,
  PermissionLevel,
  PermissionLimit,
  PermissionValue,
  TeamPolicy,
  UnifiedPrivacyValue,
} from '@deck/shared/api/contract';
import { embeddingRefusal } from './embed';
import { COLLABORATOR_LEVEL, ORGANIZATION_LEVEL, rank } from './levels';
import { canViewDocument } from './document-address';
import { because, type CodedText } from './messages';
import { decideLinkControl, linkRulesFor, rulesRefuseUnlistedLink, type LinkRules } from './link-controls';
import { VIEW_LINK_LIMIT } from '@deck/shared/domains/view-links/view-link-limits';


export interface TeamFacts {
  name: string;
  disable_privacy_changes: boolean;
  disable_publishing: boolean;
  disable_sharing: boolean;
  disable_trackable_links: boolean;
  /** The team admin's rules for every new trackable link (view-link controls). */
  require_link_passcode: boolean;
  max_link_expiry_days: number | null;
}

export interface SubjectFacts {
  userId: number;
  licence: Licence | null;
  /** The acting user's team; its admin switches apply to everything the user does. */
  team: TeamFacts | null;
  /** Live (not revoked) trackable links the user has created, on any document. */
  ownLiveViewLinkCount: number;
}

export interface DocumentFacts {
  schemaVersionName: string;
  privacy: UnifiedPrivacyValue;
  published: boolean;
  reusable: boolean;
  showcaseProhibited: boolean;
  /** Live (not revoked) trackable links on the document, by anyone. */
  liveViewLinkCount: number;
  /** A live trackable link has a passcode, an expiry or an allow list (document-address.ts). */
  linkProtected: boolean;
  ownerHasTeam: boolean;
  /** The owner's team's rules for links: they hold for every link of the document, whoever makes it (link-controls.ts). */
  ownerTeamLinkRules: LinkRules | null;
  /** Whether the owner's team switched sharing off (the embed rule's input, embed.ts); false without a team. */
  ownerTeamDisablesSharing: boolean;
  /** Whether the document's type takes trackable links at all (hasTrackableLinks). */
  trackableLinks: boolean;
}

export interface PermissionInput {
  /** null for an anonymous visitor. */
  user: SubjectFacts | null;
  doc: DocumentFacts;
  /** The user's own level (see effectiveLevel). */
  level: PermissionLevel;
  viewLinkLimit?: number;
}

/** A decision: the wire Permission plus the user-facing reason, with its code, when it is refused. */
export interface Decision extends Permission {
  reason?: CodedText;
}

export interface PermissionResult {
  flags: PermissionFlags;
  /** Each refused flag's reason (sent as `permission_reasons`)… */
  reasons: Partial<Record<PermissionKey, string>>;
  /** …and its code, carried from the decision (sent as `permission_reason_codes`). */
  reasonCodes: Partial<Record<PermissionKey, string>>;
  decisions: Record<PermissionKey, Decision>;
  teamPolicy: TeamPolicy;
  /** The team rules every link of the document keeps for this user (linkRulesFor); null without any. */
  linkRules: LinkRules | null;
}

const ALLOWED_VALUES: ReadonlySet<PermissionValue> = new Set(['ALLOWED', 'ALLOWED_BUT_NO_EFFECT', 'ALLOWED_BUT_NOT_PREFERRED']);

/** Spec §6: a permission counts as allowed when ALLOWED, ALLOWED_BUT_NO_EFFECT or ALLOWED_BUT_NOT_PREFERRED. */
export function isAllowed(p: Permission | undefined): boolean {
  return !!p && ALLOWED_VALUES.has(p.value);
}

const allow = (value: PermissionValue = 'ALLOWED', limits?: PermissionLimit[]): Decision =>
  limits ? { value, limits } : { value };
const refuse = (value: PermissionValue, reason: CodedText, limits?: PermissionLimit[]): Decision =>
  limits ? { value, limits, reason } : { value, reason };

/**
 * Spec §2: trackable links are for presentations (PITCH), and for designs (INFOGRAM) while the design analytics
 * view-links feature switch is on. Every page that offers them (the share page's overview, the View links page)
 * reads the resulting create flag, so none offers them where the others do not.
 */
export function hasTrackableLinks(schemaVersionName: string, designAnalyticsViewLinksOn: boolean): boolean {
  return schemaVersionName === 'PITCH' || (schemaVersionName === 'INFOGRAM' && designAnalyticsViewLinksOn);
}

/** Document types that have a view URL (spec §9). */
export function hasViewUrl(schemaVersionName: string): boolean {
  return schemaVersionName === 'PITCH' || schemaVersionName === 'INFOGRAM';
}

/** The user's team's switches, with the link rules that hold on the document for them (linkRulesFor). */
export function teamPolicyOf(team: TeamFacts | null | undefined, linkRules: LinkRules | null = team ?? null): TeamPolicy {
  return {
    team_name: team?.name ?? null,
    disable_privacy_changes: !!team?.disable_privacy_changes,
    disable_publishing: !!team?.disable_publishing,
    disable_sharing: !!team?.disable_sharing,
    disable_trackable_links: !!team?.disable_trackable_links,
    require_link_passcode: !!linkRules?.require_link_passcode,
    max_link_expiry_days: linkRules?.max_link_expiry_days ?? null,
  };
}

/** Decision for moving the document to (privacy, published, reusable). Only the owner may. */
export function decidePrivacyChange(
  input: PermissionInput,
  target: { privacy: UnifiedPrivacyValue; published: boolean; reusable: boolean },
): Decision {
  const { user, doc, level } = input;
  const publishing = target.published && !doc.published;
  if (!user || level !== 'owner') {
    if (publishing) return refuse('NOT_ALLOWED', because('onlyOwnerPublish'));
    // Spec §8 'Reusable restricted': making a document that was shared with you reusable.
    const makingReusable = target.reusable && !doc.reusable && target.privacy === doc.privacy && target.published === doc.published;
    return refuse('NOT_ALLOWED', because(makingReusable ? 'notReusable' : 'onlyOwnerPrivacy'));
  }
  if (target.privacy === 'closed' && target.published) return refuse('NOT_POSSIBLE', because('publishClosed'));
  const changesPrivacy = target.privacy !== doc.privacy;
  const team = user.team;
  if (changesPrivacy && team?.disable_privacy_changes) return refuse('NOT_ALLOWED_IN_ORG', because('teamPrivacy'));
  if (publishing && team?.disable_publishing) return refuse('NOT_ALLOWED_IN_ORG', because('teamPublish'));
  const paid = user.licence !== null;
  if (changesPrivacy && target.privacy === 'closed') {
    if (!paid) return refuse('NOT_ALLOWED_WITH_CURRENT_FEATURES', because('privacyPaywall'));
    if (doc.liveViewLinkCount > 0) return refuse('NOT_POSSIBLE', because('closeWithTrackableLinks'));
  }
  // Unpublishing needs no licence: a user may always take back what they published.
  if (target.reusable && !doc.reusable && doc.showcaseProhibited) return refuse('NOT_POSSIBLE', because('reusableNotAllowed'));
  if (target.privacy === doc.privacy && target.published === doc.published && target.reusable === doc.reusable) {
    return allow('ALLOWED_BUT_NO_EFFECT');
  }
  return allow();
}

/** Decision for giving an individual `permission` (add or update). */
export function decideIndividualGrant(input: PermissionInput, permission: CollaboratorPermission): Decision {
  const { user, level } = input;
  if (!user || rank(level) < rank('can_view')) return refuse('NOT_ALLOWED', because('noAccess'));
  if (user.team?.disable_sharing) return refuse('NOT_ALLOWED_IN_ORG', because('teamSharing'));
  if (level !== 'owner' && rank(COLLABORATOR_LEVEL[permission]) > rank(level)) {
    return refuse('NOT_ALLOWED', because('aboveOwnLevel'));
  }
  return allow();
}

export function decideOrganizationGrant(input: PermissionInput, permission: OrganizationPermissionType): Decision {
  const { user, level, doc } = input;
  void ORGANIZATION_LEVEL[permission];
  if (!user || level !== 'owner') return refuse('NOT_ALLOWED', because('orgOnlyOwner'));
  if (!doc.ownerHasTeam) return refuse('NOT_POSSIBLE', because('orgNoTeam'));
  if (user.team?.disable_sharing) return refuse('NOT_ALLOWED_IN_ORG', because('teamSharing'));
  return allow();
}

/** Computes every flag of spec §6 for one user and one document. Pure. */
export function computePermissions(input: PermissionInput): PermissionResult {
  const { user, doc, level } = input;
  const limit = input.viewLinkLimit ?? VIEW_LINK_LIMIT;
  const isOwner = !!user && level === 'owner';
  const isCollaborator = !!user && rank(level) >= rank('can_view');
  const canView = canViewDocument(level, { privacy: doc.privacy, published: doc.published, link_protected: doc.linkProtected });
  const open = doc.privacy === 'open';
  const paid = !!user && user.licence !== null;
  const team = user?.team ?? null;
  const linkRules = linkRulesFor(team, doc.ownerTeamLinkRules);
  const canManageOwnLinks = !!user && rank(level) >= rank('can_edit');

  const d: Partial<Record<PermissionKey, Decision>> = {};

  // Privacy (unified and legacy forms).
  for (const privacy of ['open', 'closed'] as const) {
    for (const published of [true, false]) {
      for (const reusable of [true, false]) {
        const key = `unified_privacy_set_${privacy}_${published ? 'published' : 'unpublished'}_${reusable ? 'reusable' : 'copyrighted'}` as PermissionKey;
        d[key] = decidePrivacyChange(input, { privacy, published, reusable });
      }
    }
  }
  const legacy = {
    public: { privacy: 'open', published: true },
    hidden: { privacy: 'open', published: false },
    private: { privacy: 'closed', published: false },
  } as const;
  for (const [name, t] of Object.entries(legacy)) {
    d[`share_${name}` as PermissionKey] = decidePrivacyChange(input, { ...t, reusable: doc.reusable });
    d[`share_${name}_copyrighted` as PermissionKey] = decidePrivacyChange(input, { ...t, reusable: false });
    d[`share_${name}_reusable` as PermissionKey] = decidePrivacyChange(input, { ...t, reusable: true });
  }
  d.unified_privacy_get = canView ? allow() : refuse('NOT_ALLOWED', because('noAccess'));

  // Individuals.
  for (const p of ['viewer', 'commenter', 'editor'] as const) {
    const decision = decideIndividualGrant(input, p);
    d[`collaborator_individual_add_${p}` as PermissionKey] = decision;
    d[`collaborator_individual_update_${p}` as PermissionKey] = decision;
  }
  d.collaborator_individual_remove_others = isOwner || (!!user && rank(level) >= rank('can_edit'))
    ? allow()
    : refuse('NOT_ALLOWED', because('removeOthers'));

  // Organisation.
  d.collaborator_organization_add_viewer = decideOrganizationGrant(input, 'can_view');
  d.collaborator_organization_add_commenter = decideOrganizationGrant(input, 'can_comment');
  d.collaborator_organization_add_editor = decideOrganizationGrant(input, 'can_edit');
  d.collaborator_organization_remove = isOwner ? allow() : refuse('NOT_ALLOWED', because('orgOnlyOwner'));

  // Unlisted link.
  d.unlisted_link_get = isCollaborator ? allow() : refuse('NOT_ALLOWED', because('noAccess'));
  d.unlisted_link_generate = !canManageOwnLinks
    ? refuse('NOT_ALLOWED', because('linksManage'))
    : team?.disable_sharing
      ? refuse('NOT_ALLOWED_IN_ORG', because('teamSharing'))
      : !open
        ? refuse('NOT_POSSIBLE', because('socialClosed'))
        : rulesRefuseUnlistedLink(linkRules)
          ? refuse('NOT_ALLOWED_IN_ORG', because('unlistedTeamRules'))
          : allow();
  d.unlisted_link_delete = canManageOwnLinks ? allow() : refuse('NOT_ALLOWED', because('linksManage'));

  // Trackable view links.
  const limits: PermissionLimit[] | undefined = user && !paid
    ? [{ code: 'VIEW_LINK_LIMIT', limit_value: limit, current_value: user.ownLiveViewLinkCount, reached: user.ownLiveViewLinkCount >= limit }]
    : undefined;
  const create = ((): Decision => {
    // First: no right, team or licence would make a type without trackable links take one.
    if (!doc.trackableLinks) return refuse('NOT_POSSIBLE', because('linksUnavailable'));
    if (!canManageOwnLinks) return refuse('NOT_ALLOWED', because('linksManage'));
    if (team?.disable_trackable_links) return refuse('NOT_ALLOWED_IN_ORG', because('linksTeam'));
    if (!open) return refuse('NOT_POSSIBLE', because('linksClosed'));
    if (limits && limits[0].reached) return refuse('NOT_ALLOWED_LIMIT_REACHED', because('linksLimit'), limits);
    return allow('ALLOWED', limits);
  })();
  d.view_link_own_create = create;
  d.view_link_own_create_with_analytics = !isAllowed(create)
    ? create
    : !paid
      ? refuse('NOT_ALLOWED_WITH_CURRENT_FEATURES', because('analyticsPaywall'), limits)
      : create;
  d.view_link_own_get = isCollaborator ? allow() : refuse('NOT_ALLOWED', because('linksManage'));
  const manageOwn = !canManageOwnLinks
    ? refuse('NOT_ALLOWED', because('linksManage'))
    : team?.disable_trackable_links
      ? refuse('NOT_ALLOWED_IN_ORG', because('linksTeam'))
      : allow();
  d.view_link_own_update = manageOwn;
  d.view_link_own_update_with_analytics = !isAllowed(manageOwn)
    ? manageOwn
    : !open
      ? refuse('NOT_POSSIBLE', because('analyticsClosed'))
      : !paid
        ? refuse('NOT_ALLOWED_WITH_CURRENT_FEATURES', because('analyticsPaywall'))
        : allow();
  d.view_link_own_delete = manageOwn;
  d.view_link_all_get = isOwner ? allow() : refuse('NOT_ALLOWED', because('linksManage'));
  const manageAll = !isOwner
    ? refuse('NOT_ALLOWED', because('linksManage'))
    : team?.disable_trackable_links
      ? refuse('NOT_ALLOWED_IN_ORG', because('linksTeam'))
      : allow();
  d.view_link_all_update = manageAll;
  d.view_link_all_delete = manageAll;
  // The controls of a link the user manages: its plan or its team's rule decides each (permissions/link-controls.ts).
  const manageAny = isAllowed(manageOwn) ? manageOwn : manageAll;
  for (const control of ['passcode', 'expiry', 'allow_list'] as const) {
    d[`view_link_${control}`] = user && isAllowed(manageAny) ? decideLinkControl(user, linkRules, control) : manageAny;
  }

  // Social sharing and embed.
  d.social_share = !hasViewUrl(doc.schemaVersionName)
    ? refuse('NOT_POSSIBLE', because('noViewUrl'))
    : !open
      ? refuse('NOT_POSSIBLE', because('socialClosed'))
      : team?.disable_sharing
        ? refuse('NOT_ALLOWED_IN_ORG', because('teamSharing'))
        : allow();
  // Embedding shows the document to every visitor of another page: the owner's team's switch governs it (embed.ts),
  // as it does on the embed route, whoever asks.
  const embedding = embeddingRefusal({ privacy: doc.privacy, published: doc.published, link_protected: doc.linkProtected }, doc.ownerTeamDisablesSharing);
  d.embed = !hasViewUrl(doc.schemaVersionName)
    ? refuse('NOT_POSSIBLE', because('noViewUrl'))
    : !canView || embedding === 'closed'
      ? refuse(open ? 'NOT_ALLOWED' : 'NOT_POSSIBLE', because('embedCollaborators'))
      : embedding === 'team'
        ? refuse('NOT_ALLOWED_IN_ORG', because('teamSharing'))
        : allow();

  const decisions = d as Record<PermissionKey, Decision>;
  const flags = {} as Record<PermissionKey, Permission>;
  const reasons: Partial<Record<PermissionKey, string>> = {};
  const reasonCodes: Partial<Record<PermissionKey, string>> = {};
  for (const key of Object.keys(decisions) as PermissionKey[]) {
    const { reason, ...permission } = decisions[key];
    flags[key] = permission;
    if (reason && !isAllowed(permission)) {
      reasons[key] = reason.text;
      reasonCodes[key] = reason.message_code;
    }
  }
  return { flags: flags, reasons, reasonCodes, decisions, teamPolicy: teamPolicyOf(team, linkRules), linkRules };
}

/** Whose trackable links on a document the user may list. */
export type ViewLinkScope = 'all' | 'own' | 'none';

/**
 * The one rule behind both the link list and the count the share page shows, so a user is never told
 * of links they cannot see: the owner sees everyone's, a collaborator their own, anyone else none.
 */
export function viewLinkScope(permissions: Pick<PermissionResult, 'decisions'>): ViewLinkScope {
  if (isAllowed(permissions.decisions.view_link_all_get)) return 'all';
  if (isAllowed(permissions.decisions.view_link_own_get)) return 'own';
  return 'none';
}

/** The unified-privacy flag that gates a move to the given state. */
export function privacyFlagKey(t: { privacy: UnifiedPrivacyValue; published: boolean; reusable: boolean }): PermissionKey {
  return `unified_privacy_set_${t.privacy}_${t.published ? 'published' : 'unpublished'}_${t.reusable ? 'reusable' : 'copyrighted'}` as PermissionKey;
}

/** Results kept by permissionsFor; the whole cache is dropped when it is full (cheaper than tracking use). */
const PERMISSIONS_CACHE_SIZE = 512;
const permissionsCache = new Map<string, PermissionResult>();

/**
 * Every fact computePermissions reads, in one string: the whole input but the user's id, so a fact added to
 * the input later is in the key without anyone remembering to add it.
 */
function permissionInputKey({ user, doc, level, viewLinkLimit }: PermissionInput): string {
  const facts = user ? { ...user, userId: undefined } : null;
  return JSON.stringify([level, viewLinkLimit ?? null, facts, doc]);
}

function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeDeep(inner);
  }
  return value;
}

/**
 * computePermissions for a request: it is pure, and a busy server sees the same few combinations of facts again
 * and again (the same kinds of users on the same kinds of documents), while computing every flag of spec §6
 * costs more than a lookup. The results are shared between requests, so they are frozen.
 */
export function permissionsFor(input: PermissionInput): PermissionResult {
  const key = permissionInputKey(input);
  let result = permissionsCache.get(key);
  if (!result) {
    result = freezeDeep(computePermissions(input));
    if (permissionsCache.size >= PERMISSIONS_CACHE_SIZE) permissionsCache.clear();
    permissionsCache.set(key, result);
  }
  return result;
}
