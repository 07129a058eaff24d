import type {
  Contact,
  IndividualCollaborator,
  Permission,
  PermissionFlags,
  PermissionKey,
  PermissionLevel,
  PermissionValue,
  PresentationDocument,
  SharePermissionsResponse,
  UnifiedPrivacy,
  ViewLink,
} from '@deck/shared/api/contract';

/** Test data shaped like the server's answers, built from the seeded demo's people. */

const FLAG_KEYS: PermissionKey[] = [
  'share_public',
  'share_public_copyrighted',
  'share_public_reusable',
  'share_hidden',
  'share_hidden_copyrighted',
  'share_hidden_reusable',
  'share_private',
  'share_private_copyrighted',
  'share_private_reusable',
  'unlisted_link_get',
  'unlisted_link_generate',
  'unlisted_link_delete',
  'unified_privacy_get',
  'unified_privacy_set_open_published_reusable',
  'unified_privacy_set_open_published_copyrighted',
  'unified_privacy_set_open_unpublished_reusable',
  'unified_privacy_set_open_unpublished_copyrighted',
  'unified_privacy_set_closed_published_reusable',
  'unified_privacy_set_closed_published_copyrighted',
  'unified_privacy_set_closed_unpublished_reusable',
  'unified_privacy_set_closed_unpublished_copyrighted',
  'collaborator_individual_add_viewer',
  'collaborator_individual_add_commenter',
  'collaborator_individual_add_editor',
  'collaborator_individual_update_viewer',
  'collaborator_individual_update_commenter',
  'collaborator_individual_update_editor',
  'collaborator_individual_remove_others',
  'collaborator_organization_add_viewer',
  'collaborator_organization_add_commenter',
  'collaborator_organization_add_editor',
  'collaborator_organization_remove',
  'view_link_own_get',
  'view_link_own_create',
  'view_link_own_create_with_analytics',
  'view_link_own_update',
  'view_link_own_update_with_analytics',
  'view_link_own_delete',
  'view_link_all_get',
  'view_link_all_update',
  'view_link_all_delete',
  'view_link_passcode',
  'view_link_expiry',
  'view_link_allow_list',
  'social_share',
  'embed',
];

export function flags(value: PermissionValue = 'ALLOWED', overrides: Partial<Record<PermissionKey, PermissionValue | Permission>> = {}): PermissionFlags {
  const entries = FLAG_KEYS.map((key) => {
    const override = overrides[key];
    const permission: Permission = override === undefined ? { value } : typeof override === 'string' ? { value: override } : override;
    return [key, permission];
  });
  return Object.fromEntries(entries) as PermissionFlags;
}

/** Flags where every unified_privacy_set_* flag has the given value. */
export function privacySetFlags(value: PermissionValue): Partial<Record<PermissionKey, PermissionValue>> {
  return Object.fromEntries(FLAG_KEYS.filter((key) => key.startsWith('unified_privacy_set_')).map((key) => [key, value]));
}

/**
 * The server's refusal of some flags, as it sends it: each refused with `value` and the code of its reason
 * (every other flag allowed, unless `permissions` says otherwise). For a unifiedPrivacy's overrides.
 */
export function refusedByServer(
  refusals: Partial<Record<PermissionKey, [PermissionValue, string]>>,
  permissions: PermissionFlags = flags(),
): Pick<UnifiedPrivacy, 'permissions' | 'permission_reason_codes'> {
  const entries = Object.entries(refusals) as Array<[PermissionKey, [PermissionValue, string]]>;
  return {
    permissions: { ...permissions, ...Object.fromEntries(entries.map(([key, [value]]) => [key, { value }])) },
    permission_reason_codes: Object.fromEntries(entries.map(([key, [, code]]) => [key, code])),
  };
}

/** A document type the server gives no trackable links (a classic deck, a design with the switch off). */
export const WITHOUT_TRACKABLE_LINKS = refusedByServer({
  view_link_own_create: ['NOT_POSSIBLE', 'links_unavailable'],
  view_link_own_create_with_analytics: ['NOT_POSSIBLE', 'links_unavailable'],
});

export function unifiedPrivacy(overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
  return {
    unified_privacy: 'open',
    is_owner: true,
    is_published: false,
    is_reusable: false,
    view_link: 'http://localhost/view/qr1?token=abc',
    default_link: 'http://localhost/view/qr1',
    embed_link: 'http://localhost/embed/qr1',
    view_token: 'abc',
    view_link_count: 0,
    expired_view_link_count: 0,
    address_protection: 'closes',
    licence: 'premium',
    team_policy: {
      team_name: 'Acme',
      disable_privacy_changes: false,
      disable_publishing: false,
      disable_sharing: false,
      disable_trackable_links: false, require_link_passcode: false, max_link_expiry_days: null,
    },
    permissions: flags(),
    ...overrides,
  };
}

export function presentationDocument(overrides: Partial<PresentationDocument> = {}, level: PermissionLevel = 'owner'): PresentationDocument {
  return {
    oid: 'qr1',
    schema_version_name: 'PITCH',
    title: 'Quarterly Review',
    description: '',
    tags: [{ text: 'finance' }],
    privacy: 'hidden',
    public: false,
    showcase_prohibited: false,
    owner_id: 1,
    owner: { username: 'alice', firstName: 'Alice', lastName: 'Anderson' },
    modified_at: '2026-11-01T10:00:00.000Z',
    view_count: 12,
    quality_score: 0.9,
    video_status: null,
    likes_count: 1234,
    page_count: 5,
    user_permissions: {
      can_view: true,
      can_comment: level !== 'can_view' && level !== 'no_access',
      can_edit: level === 'owner' || level === 'can_edit',
      is_owner: level === 'owner',
      level,
    },
    ...overrides,
  };
}

let nextId = 100;

/** A share-list row; its capabilities default to what the owner gets on it (the owner row: none). */
export function individual(overrides: Partial<IndividualCollaborator> & { email: string }): IndividualCollaborator {
  nextId += 1;
  const ownerRow = overrides.is_owner ?? overrides.permission === 'owner';
  return {
    id: nextId,
    name: '',
    first_name: '',
    last_name: '',
    username: null,
    role: 'collaborator',
    is_owner: false,
    pending_invite: false,
    is_current_user: false,
    permission: 'viewer',
    may_change_level: !ownerRow,
    may_remove: !ownerRow,
    ...overrides,
  };
}

/** Quarterly Review's collaborators as the owner (alice) sees them. */
export function quarterlyReviewCollaborators(currentUser = 'alice'): SharePermissionsResponse {
  const person = (username: string, first: string, last: string, permission: IndividualCollaborator['permission'], id: number) =>
    individual({
      id,
      username,
      email: `${username}@example.com`,
      name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      permission,
      is_owner: permission === 'owner',
      is_current_user: username === currentUser,
    });
  return {
    individual: [
      person('alice', 'Alice', 'Anderson', 'owner', 1),
      person('bob', 'Bob', 'Brown', 'editor', 2),
      person('carol', 'Carol', 'Clark', 'commenter', 3),
      person('dave', 'Dave', 'Davis', 'viewer', 4),
      individual({ id: 9, email: 'gina@example.com', pending_invite: true, permission: 'viewer' }),
    ],
    organization: { organization_id: 1, organization_name: 'Acme', organization_member_count: 5, can_view: true, can_comment: false, can_edit: false },
  };
}

export const CONTACTS: Contact[] = [
  { name: 'Bob Brown', email: 'bob@example.com' },
  { name: 'Carol Clark', email: 'carol@example.com' },
  { name: 'Erin Evans', email: 'erin@example.com' },
  { name: 'Frank Fischer', email: 'frank@example.com' },
  { name: 'Heidi Hall', email: 'heidi@example.com' },
];

let nextLinkId = 0;

/** A live trackable link of alice's on document qr1; each call numbers its id, name and day. */
export function viewLink(overrides: Partial<ViewLink>): ViewLink {
  nextLinkId += 1;
  const id = overrides.link_id ?? `link${nextLinkId}`;
  return {
    link_id: id,
    presentation_oid: 'qr1',
    owner_oid: 'u-alice',
    name: `Link ${nextLinkId}`,
    created_at: `2026-03-0${nextLinkId % 9 || 1}T10:00:00.000Z`,
    has_passcode: false,
    expires_at: null,
    expired: false,
    allowed_viewers: [],
    require_verification: false,
    blocked_viewers: [],
    allow_download: false,
    watermark: false,
    revoked: false,
    visible_on_analytics: true,
    viewer_identification: false,
    open_notice: 'off',
    onboarding: false,
    permissions: { can_update: true, can_delete: true },
    sharer_first_name: 'Alice',
    sharer_last_name: 'Anderson',
    is_unlisted_implicit: false,
    is_owner: true,
    url: `http://localhost/l/${id}`,
    ...overrides,
  };
}
