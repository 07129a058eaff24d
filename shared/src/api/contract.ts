/**
 * The wire contract between the reference server and every client.
 * Field names follow the product specification (snake_case where the spec uses it),
 * so the same types describe the real backend and `server/`.
 */

export type SchemaVersionName =
  | 'PITCH'
  | 'INFOGRAM'
  | 'CORE'
  | 'AIR_LITE'
  | 'AIR_PITCH'
  | 'AIR_VIDEO_LITE'
  | 'AIR_VIDEO_PITCH'
  | 'TIMELINE';

export type UnifiedPrivacyValue = 'open' | 'closed';
export type LegacyPrivacy = 'public' | 'hidden' | 'private';

export interface DocumentTag {
  text: string;
}

export interface DocumentOwner {
  username: string;
  firstName: string;
  lastName: string;
}

export interface PresentationDocument {
  oid: string;
  schema_version_name: SchemaVersionName;
  title: string;
  description: string;
  tags: DocumentTag[];
  privacy: LegacyPrivacy;
  public: boolean;
  showcase_prohibited: boolean;
  owner_id: number;
  owner: DocumentOwner;
  modified_at: string;
  view_count: number;
  quality_score: number;
  video_status: string | null;
  likes_count: number;
  /** Present only when the request is made by a signed-in user. */
  has_liked?: boolean;
  /** Number of pages, used by the viewer for a slide-through playback. */
  page_count: number;
  /** Present with include_user_permissions=true. */
  user_permissions?: DocumentUserPermissions;
}

/** Orderings the document list accepts (spec §7 `ordering`); any other value is a 400. */
export const PRESENTATION_ORDERINGS = [
  'title', '-title', 'modified_at', '-modified_at', 'created_at', '-created_at', 'view_count', '-view_count',
] as const;
export type PresentationOrdering = (typeof PRESENTATION_ORDERINGS)[number];

/** GET /presentation/ and /presentation/list/ query (spec §7). */
export interface PresentationListQuery {
  owner_id?: number;
  oid?: string;
  privacy?: 'open' | 'closed' | 'public' | 'hidden' | 'private';
  mine?: boolean;
  shared?: boolean;
  ordering?: PresentationOrdering;
  offset?: number;
  limit?: number;
  /** Comma-separated top-level fields; the results then hold only those. */
  fields?: string;
  tag?: string;
  title__icontains?: string;
  include_user_permissions?: boolean;
}

/** A page of documents: `count` is the total over every page. */
export interface PresentationList {
  count: number;
  offset: number;
  limit: number;
  results: PresentationDocument[];
}

export interface DocumentCount {
  count: number;
}

export interface DocumentDetailedCount {
  /** The user's own documents not in the trash (as GET /presentation/count/). */
  count: number;
  owned: number;
  shared_with_me: number;
  trashed: number;
  by_privacy: { open: number; closed: number };
  /** Own live documents per type (schema_version_name). */
  by_type: Record<string, number>;
}

export interface UserStatistics {
  documents: number;
  total_views: number;
  total_likes: number;
  /** Distinct people (collaborators and pending invitees) on the user's documents. */
  collaborators: number;
  live_view_links: number;
}

export interface DocumentTagCount {
  text: string;
  count: number;
}

export interface DocumentTagList {
  results: DocumentTagCount[];
}

export type DeletedDocument = PresentationDocument & { deleted_at: string };

/** GET /presentation-deleted/: a page of the user's trash, most recently trashed first. */
export interface DeletedDocumentList {
  count: number;
  results: DeletedDocument[];
}

export interface TrashEmptied {
  deleted: number;
  oids: string[];
}

export interface DocumentUserPermissions {
  can_view: boolean;
  can_comment: boolean;
  can_edit: boolean;
  is_owner: boolean;
  /** The current user's own level on this document. */
  level: PermissionLevel;
}

/** Permission levels of spec §3, ranked no_access < can_view < can_comment < can_edit < owner. */
export type PermissionLevel = 'owner' | 'can_present' | 'can_comment' | 'can_edit' | 'can_view' | 'no_access';

export type PermissionValue =
  | 'ALLOWED'
  | 'ALLOWED_BUT_NO_EFFECT'
  | 'ALLOWED_BUT_NOT_PREFERRED'
  | 'NOT_ALLOWED'
  | 'NOT_ALLOWED_WITH_CURRENT_FEATURES'
  | 'NOT_ALLOWED_LIMIT_REACHED'
  | 'NOT_ALLOWED_IN_ORG'
  | 'NOT_POSSIBLE';

export type LimitCode = 'AIR_VIDEO_NON_PUBLIC_LIMIT' | 'FREE_USER_GENERIC_LIMIT' | 'VIEW_LINK_LIMIT';

export interface PermissionLimit {
  code: LimitCode;
  limit_value: number;
  current_value: number;
  reached: boolean;
}

export interface Permission {
  value: PermissionValue;
  limits?: PermissionLimit[];
}

/**
 * The flags of spec §6, computed by the server per user and document.
 * Keys are stable strings so a client can look any one up.
 */
export interface PermissionFlags {
  share_public: Permission;
  share_public_copyrighted: Permission;
  share_public_reusable: Permission;
  share_hidden: Permission;
  share_hidden_copyrighted: Permission;
  share_hidden_reusable: Permission;
  share_private: Permission;
  share_private_copyrighted: Permission;
  share_private_reusable: Permission;

  unlisted_link_get: Permission;
  unlisted_link_generate: Permission;
  unlisted_link_delete: Permission;

  unified_privacy_get: Permission;
  unified_privacy_set_open_published_reusable: Permission;
  unified_privacy_set_open_published_copyrighted: Permission;
  unified_privacy_set_open_unpublished_reusable: Permission;
  unified_privacy_set_open_unpublished_copyrighted: Permission;
  unified_privacy_set_closed_published_reusable: Permission;
  unified_privacy_set_closed_published_copyrighted: Permission;
  unified_privacy_set_closed_unpublished_reusable: Permission;
  unified_privacy_set_closed_unpublished_copyrighted: Permission;

  collaborator_individual_add_viewer: Permission;
  collaborator_individual_add_commenter: Permission;
  collaborator_individual_add_editor: Permission;
  collaborator_individual_update_viewer: Permission;
  collaborator_individual_update_commenter: Permission;
  collaborator_individual_update_editor: Permission;
  collaborator_individual_remove_others: Permission;

  collaborator_organization_add_viewer: Permission;
  collaborator_organization_add_commenter: Permission;
  collaborator_organization_add_editor: Permission;
  collaborator_organization_remove: Permission;

  view_link_own_get: Permission;
  view_link_own_create: Permission;
  view_link_own_create_with_analytics: Permission;
  view_link_own_update: Permission;
  view_link_own_update_with_analytics: Permission;
  view_link_own_delete: Permission;
  view_link_all_get: Permission;
  view_link_all_update: Permission;
  view_link_all_delete: Permission;
  /**
   * The view-link controls a plan or a team rule unlocks (docs/decisions.md, "Protected trackable links"): a
   * passcode, an expiry date, an allow list of addresses, on the links the user may create or change.
   */
  view_link_passcode: Permission;
  view_link_expiry: Permission;
  view_link_allow_list: Permission;

  /** Social sharing of the view link (needs 'Anyone with the link can view' and no team switch-off). */
  social_share: Permission;
  /** Access to embed_link. */
  embed: Permission;
}

export type PermissionKey = keyof PermissionFlags;

/** Why a gated action is refused, for the client's message. Sent beside the flags. */
export interface TeamPolicy {
  team_name: string | null;
  disable_privacy_changes: boolean;
  disable_publishing: boolean;
  disable_sharing: boolean;
  disable_trackable_links: boolean;
  /** Every new trackable link needs a passcode (view-link controls). */
  require_link_passcode: boolean;
  /** New trackable links expire at most this many days ahead; null: no maximum. */
  max_link_expiry_days: number | null;
}

export interface UnifiedPrivacy {
  unified_privacy: UnifiedPrivacyValue;
  is_owner: boolean;
  is_published: boolean;
  is_reusable: boolean;
  /** Empty string for types without a view URL (only PITCH and INFOGRAM have one). */
  view_link: string;
  default_link: string;
  embed_link: string;
  view_token: string;
  /** Number of live (not revoked, not expired) trackable links on the document that the user may list. */
  view_link_count: number;
  /** The user may list these links too, but they have expired (not revoked: the owner may extend them). */
  expired_view_link_count: number;
  licence: Licence | null;
  team_policy: TeamPolicy;
  /** What a protected trackable link does to the document's own address (AddressProtection). */
  address_protection: AddressProtection;
  /** Omitted with exclude_permissions=true. */
  permissions?: PermissionFlags;
  /**
   * The server's user-facing reason for each refused flag (spec §8 texts), keyed like `permissions`.
   * Only refused flags appear. Omitted with exclude_permissions=true.
   */
  permission_reasons?: Partial<Record<PermissionKey, string>>;
  /** The stable code of each reason in `permission_reasons` (docs/api.md, Message codes): what the client translates. */
  permission_reason_codes?: Partial<Record<PermissionKey, string>>;
}

export type Licence = 'standard' | 'plus' | 'premium' | 'pro';

/**
 * While a document has a trackable link with a passcode, an expiry date or an allow list, its own address opens it
 * only for people with a grant (docs/decisions.md, *Protected trackable links*). 'protected': so it is now;
 * 'closes': protecting a link would make it so; 'public': a published document stays open to everyone; 'none': a
 * closed document (no trackable links).
 */
export type AddressProtection = 'protected' | 'closes' | 'public' | 'none';

export interface UnifiedPrivacyUpdate {
  published?: boolean;
  reusable?: boolean;
  unified_privacy?: UnifiedPrivacyValue;
}

/** Wire permission for individuals. */
export type CollaboratorPermission = 'viewer' | 'commenter' | 'editor';
export type OrganizationPermissionType = 'can_view' | 'can_comment' | 'can_edit';

export interface IndividualCollaborator {
  id: number;
  name: string;
  email: string;
  first_name: string;
  last_name: string;
  username: string | null;
  role: string;
  is_owner: boolean;
  pending_invite: boolean;
  is_current_user: boolean;
  /** 'owner' for the owner row; null stands for no access. */
  permission: CollaboratorPermission | 'owner' | null;
  /**
   * Pending invites only: how the latest invitation e-mail is doing; null when none was sent
   * ('Notify people' off).
   */
  delivery_state?: InvitationDeliveryState | null;
  /** A viewer's or commenter's access ends at this ISO time (absent: no end); a past one has ended. */
  access_expires_at?: string;
  /** With access_expires_at: whether that time has come by the server's clock (the access no longer counts). */
  access_ended?: boolean;
  /**
   * With access_expires_at: after that time the person still views the document as anyone with its link does (it
   * opens by its address), so a viewer loses nothing and a commenter only commenting.
   */
  access_end_keeps_view?: boolean;
  /**
   * What the caller may do to this row, decided by the server (server/src/permissions/collaborators.ts, spec §6):
   * whether its level menu is enabled, and whether it offers Remove. The dialog draws the row from these.
   */
  may_change_level: boolean;
  may_remove: boolean;
}

export type InvitationDeliveryState = 'queued' | 'sent' | 'retrying' | 'failed';

export interface OrganizationCollaborator {
  organization_id: number;
  organization_name: string;
  organization_member_count: number;
  can_view: boolean;
  can_comment: boolean;
  can_edit: boolean;
}

export interface SharePermissionsResponse {
  individual: IndividualCollaborator[];
  organization: OrganizationCollaborator | null;
  /**
   * Paging (docs/api.md): where the next page starts, null on the last page. Present when the request asked for
   * a page (`limit`, `cursor` or `search`), or when a list without `limit` was cut at SHARE_LIST_UNPAGED_MAX.
   */
  next_cursor?: string | null;
  /** On a first page (no `cursor`): every row of the list (or of the search), the owner's included. */
  total_count?: number;
}

export interface ShareInviteBody {
  email: string;
  permission: CollaboratorPermission;
  trigger_organic_invitation_if_needed?: boolean;
  /** False adds without an e-mail (default true). */
  notify?: boolean;
  /** The inviter's message in the e-mail (at most 1000 characters). */
  message?: string;
  /** Owner only, viewer or commenter only: the ISO time the access ends; null removes the end date. */
  expires_at?: string | null;
}

export interface ShareRemoveBody {
  email: string;
  trigger_organic_invitation_if_needed?: boolean;
}

export interface OrganizationPermissionBody {
  permission: OrganizationPermissionType;
}

export interface Contact {
  name: string;
  email: string;
}

export interface ContactsResponse {
  data: Contact[];
}

export interface FeatureSwitchesRequest {
  feature_switches: string[];
}

export interface FeatureSwitchesResponse {
  feature_switches: Record<string, boolean>;
}

export const ANALYTICS_VIEW_LINKS_SWITCH = 'design_analytics_view_links';

/** What a trackable link tells its creator when it is opened (domains/view-links/open-notices.ts). */
export type LinkOpenNotice = 'off' | 'first_open' | 'daily';

export interface ViewLink {
  link_id: string;
  presentation_oid: string;
  owner_oid: string;
  name: string;
  created_at: string;
  revoked: boolean;
  visible_on_analytics: boolean;
  viewer_identification: boolean;
  /** What the link tells its creator when it is opened: nothing, each visitor's first open, or a daily digest. */
  open_notice: LinkOpenNotice;
  onboarding: boolean;
  permissions: { can_update: boolean; can_delete: boolean };
  sharer_first_name: string;
  sharer_last_name: string;
  is_unlisted_implicit: boolean;
  is_owner: boolean;
  url: string;
  /** Whether opening the link asks for a passcode (the passcode itself is never sent back). */
  has_passcode: boolean;
  /** ISO time after which the link gives no access; null: it does not expire. */
  expires_at: string | null;
  /** Whether expires_at has passed by the server's clock: the link gives no access until its owner extends it. */
  expired: boolean;
  /** Addresses and `*@domain` patterns allowed to open the link after verifying; empty: anyone with it. */
  allowed_viewers: string[];
  /** Whether a visitor verifies their address by an e-mailed code before the link opens (also with an allow list). */
  require_verification: boolean;
  /** Addresses and `*@domain` patterns refused after verifying (the team's block list holds too, unsent). */
  blocked_viewers: string[];
  /** Whether the link's page offers the slides as a PDF (GET …/download.pdf); off by default. */
  allow_download: boolean;
  /** Whether the link's page and its PDF carry the visitor's address or name and the time of the visit. */
  watermark: boolean;
}

/** GET /api/v1/prezilink/:linkId/passcode/: the passcode for the link's managers to send on; null when none is kept. */
export interface ViewLinkPasscode {
  passcode: string | null;
}

/** The view-link controls a create or an update may set (shared/src/domains/view-links/link-controls.ts). */
export interface ViewLinkControlsBody {
  /** A new passcode; null removes it; absent keeps it. */
  passcode?: string | null;
  /** ISO time; null: no expiry. */
  expires_at?: string | null;
  allowed_viewers?: string[];
  require_verification?: boolean;
  blocked_viewers?: string[];
  /** The link's page offers the slides as a PDF; default false. */
  allow_download?: boolean;
  /** The page and the PDF carry the visitor's watermark; default false. */
  watermark?: boolean;
}

export interface ViewLinkCreateBody extends ViewLinkControlsBody {
  presentation_oid: string;
  name: string;
  visible_on_analytics: boolean;
  viewer_identification: boolean;
  /** Default 'first_open' with analytics; 'off' without (anything else then: 400). */
  open_notice?: LinkOpenNotice;
}

export interface ViewLinkUpdateBody extends ViewLinkControlsBody {
  name?: string;
  visible_on_analytics?: boolean;
  viewer_identification?: boolean;
  open_notice?: LinkOpenNotice;
  revoked?: boolean;
}

export interface UnlistedLink {
  link_id: string;
  presentation_oid: string;
  url: string;
}

export type FolderRole = 'VIEWER' | 'OWNER' | 'EDITOR';

export interface FolderCollaborator {
  id: number;
  username: string;
  email: string;
  name: string;
  avatar: string | null;
  role: FolderRole;
  pending: boolean;
  /** Pending invitees only: how the latest invitation e-mail is doing; null when none was sent. */
  delivery_state?: InvitationDeliveryState | null;
}

export interface FolderRestrictions {
  only_owner_can_add_collaborators_to_folder: boolean;
  /** The signed-in user's role in the folder. */
  current_user_role: FolderRole | null;
  can_add_collaborators: boolean;
  can_remove_collaborators: boolean;
  can_delete_folder: boolean;
  /** Whether the user may read the folder's sharing activity (its owners). */
  can_read_activity: boolean;
  /** The server's reason (spec §8 texts) for each refused action above; only refused ones appear. */
  reasons?: Partial<Record<FolderAction, string>>;
  /** The stable code of each reason (docs/api.md, Message codes): what the client translates. */
  reason_codes?: Partial<Record<FolderAction, string>>;
}

/** The actions of FolderRestrictions a refusal can be about. */
export type FolderAction = 'add_collaborators' | 'remove_collaborators' | 'delete_folder';

export interface FolderDetails {
  uuid: string;
  id: number;
  name: string;
  creator: { id: number; name: string };
  folder_restrictions: FolderRestrictions;
  only_owner_can_add_collaborators_to_folder: boolean;
  users: FolderCollaborator[];
  document_oids: string[];
}

/** GET /api/v1/folders/group/: the signed-in user's folders. */
export interface MyFoldersResponse {
  /** `document_count`: documents in the folder (not in the trash). */
  results: Array<{ id: number; uuid: string; name: string; role: FolderRole; document_count: number }>;
}

/**
 * DELETE /api/v1/folders/group/{id}/: the folder that was deleted. Its documents are not deleted:
 * they stay with their owners, shared exactly as before (folder membership never grants document access).
 */
export interface FolderDeleted {
  id: number;
  name: string;
  /** How many documents were in the folder; all of them still exist. */
  documents_kept: number;
}

export interface FolderAddBody {
  email: string;
  /** EDITOR only from the folder's owner (Undo restoring an editor). */
  role: 'VIEWER' | 'EDITOR';
  /** 'Notify people' (default true) and the optional message of the e-mail. */
  notify?: boolean;
  message?: string;
}

export interface ReferralData {
  campaign: string;
  reward_credits: number;
  tokens: { ln: string; email: string };
  invitation_link: string;
  /** The signed-in user's AI credits (the sum of their credits ledger). */
  credits_balance: number;
  /** How many people joined through this user's referral links (each person once). */
  referred_count: number;
}

/** POST /dev/sign-up (demo only): what became of the referral link the visitor arrived with. */
export type ReferralSignUpOutcome = 'credited' | 'unknown_token' | 'self_referral' | 'already_referred' | 'none';

export interface DemoSignUpBody {
  first_name: string;
  email: string;
}

export interface DemoSignUpResponse {
  user: CurrentUser;
  referral: ReferralSignUpOutcome;
  /** Credits each side received (0 unless credited). */
  credits: number;
}

export interface CurrentUser {
  userId: number;
  userOid: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  licence: Licence | null;
  teamName: string | null;
  isTeamAdmin: boolean;
}

export interface SessionResponse {
  user: CurrentUser | null;
}

export interface LikeResponse {
  oid: string;
  likes_count: number;
  has_liked: boolean;
}

export interface ViewCountResponse {
  oid: string;
  view_count: number;
}

/** Runtime configuration served at /config.json. */
export interface RuntimeConfig {
  shortName: string;
  /** The presentation API's base (spec: /api/v4); a path or an absolute URL. */
  apiBase: string;
  /** The v1 API's base (share, folders, contacts, referrals, log, analytics); by default `apiBase` with v4 → v1. */
  apiV1Base?: string;
  viewLinkApiBase: string;
  productSiteUrl: string;
  remotes: Record<RemoteName, string>;
  preProduction: boolean;
  /** Analytics from local hosts (localhost, 127.x, .local) are sent instead of only printed: the demo server's explicit choice. */
  recordLocalAnalytics?: boolean;
  /** The card payment provider's script and the global it defines (spec §7); absent: no card payments. */
  cardPayments?: { scriptUrl: string; globalName: string };
}

/** What /config.json tells our own pages besides the remotes' settings (never handed to a remote). */
export interface PageSettings {
  /**
   * The demo's own sign-in and listing exist (`/dev/sign-in`, `/api/v1/demo/`): the pages offer the demo users.
   * False in production, whose pages carry nothing of the demo.
   */
  demo?: boolean;
  /**
   * Production: the host product's sign-in page (HOST_SIGN_IN_URL), where every "Sign in" offer leads, with the
   * page's address to come back to (`hostSignInHref`, shared/src/api/host-sign-in.ts).
   */
  hostSignInUrl?: string;
}

/** The answer of /config.json. */
export type PageConfig = RuntimeConfig & PageSettings;

export type RemoteName = 'share-dialog' | 'like-button' | 'viewer-overlay' | 'referral-panel';

/** Every error body the server sends. */
/**
 * One broken rule of a form, beside its field: a refusal's body lists them all in `violations` (the trackable link's
 * controls: `passcode`, `expires_at`, `allowed_viewers`), each with its code and text as a refusal carries them.
 */
export interface FieldViolation {
  field: string;
  code: string;
  message: string;
  message_code: string;
  message_values?: Record<string, string>;
}

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  /**
   * The stable code of `message` (docs/api.md, Message codes): the client shows its translation and
   * `message` only for a code it does not know. `message_values` fills the text's `{placeholders}`.
   */
  message_code?: string;
  message_values?: Record<string, string>;
}

export interface DemoListing {
  users: Array<{ username: string; firstName: string; lastName: string; licence: Licence | null; teamName: string | null }>;
  documents: Array<{ oid: string; title: string; schema_version_name: SchemaVersionName; owner_username: string }>;
  folders: Array<{ id: number; uuid: string; name: string; creator_username: string }>;
}

export interface ClientLogEntry {
  object?: string;
  action?: string;
  trigger?: string;
  category?: string;
  source?: string;
  level: 'debug' | 'info' | 'warn' | 'error';
  name?: string;
  message: string;
  platform?: string;
  session_id?: string;
  client_time?: string;
  [key: string]: unknown;
}

export interface AnalyticsEventPayload {
  core: { type: string; schema_id: string; client_time: string; event_source: string; event_type: string };
  platform: string;
  user: { session_id: string };
  body: { event_name: string; [key: string]: unknown };
}

/**
 * How many invitations the signed-in user may still send in the sliding window
 * (GET /api/v1/invitations/remaining/; successful adds answer the same count in `X-Invitations-Remaining`).
 */
export interface InvitationsRemaining {
  remaining: number;
  max: number;
  window_seconds: number;
}

/** What an invitation link leads to (GET /api/v4/presentation/invitation/{token}/). */
export type InvitationStatus = 'pending' | 'used' | 'expired' | 'revoked';

export interface InvitationDetails {
  kind: 'document' | 'folder';
  status: InvitationStatus;
  /** The invited address (the link is the invitee's: whoever holds it may see where it was sent). */
  email: string;
  inviter_name: string;
  title: string;
  /** viewer/commenter/editor for a document, VIEWER/EDITOR for a folder. */
  level: string;
  /** Where the invitation leads once accepted: `/editor/<oid>` or `/dashboard`. */
  target_url: string;
  /** Signed-in user's address, or null when signed out. */
  signed_in_email: string | null;
  /** An account with the invited address exists (in the demo, the accept page offers to create one otherwise). */
  account_exists: boolean;
}

export interface AcceptInvitationRequest {
  token: string;
}

export interface AcceptInvitationResponse {
  kind: 'document' | 'folder';
  target_url: string;
}
