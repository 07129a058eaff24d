import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp with a database default (optional on insert). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  disable_privacy_changes: Generated<boolean>;
  disable_publishing: Generated<boolean>;
  disable_sharing: Generated<boolean>;
  disable_trackable_links: Generated<boolean>;
  /** Every new trackable link of the team's members needs a passcode (migration 0015). */
  require_link_passcode: Generated<boolean>;
  /** New links of the team's members expire at most this many days ahead; null: no maximum. */
  max_link_expiry_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Addresses and `*@domain` patterns refused on every trackable link of the team's (migration 0024). */
  blocked_viewers: ColumnType<string[], string[] | undefined, string[]>;
}

export interface UsersTable {
  id: Generated<number>;
  oid: string;
  username: string;
  first_name: string;
  last_name: string;
  /** Always stored lower-case. */
  email: string;
  /**
   * The address is the account's own: the host's token vouched for it, or no token ever named the account (migration
   * 0021). Only such an account receives what is shared with the address, and only its address is unique.
   */
  email_verified: Generated<boolean>;
  licence: 'standard' | 'plus' | 'premium' | 'pro' | null;
  team_id: number | null;
  is_team_admin: Generated<boolean>;
  created_at: Timestamp;
  /** The host product's identity token `iss` and `sub` (production sign-in); null for users it never named. */
  identity_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  identity_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the user's e-mails (migration 0007); null: not known. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IANA time zone of the user's e-mails (migration 0022, the host's `zoneinfo` claim); null: not known. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DocumentsTable {
  id: Generated<number>;
  oid: string;
  schema_version_name: string;
  title: string;
  description: Generated<string>;
  /** jsonb array of {text}; written as a JSON string. */
  tags: ColumnType<Array<{ text: string }>, string | undefined, string>;
  privacy: 'open' | 'closed';
  published: Generated<boolean>;
  reusable: Generated<boolean>;
  showcase_prohibited: Generated<boolean>;
  owner_id: number;
  created_at: Timestamp;
  modified_at: Timestamp;
  view_count: Generated<number>;
  quality_score: Generated<number>;
  video_status: string | null;
  /**
   * Not written or read since migration 0019 (the count is document_like_counts' sum, services/likes.ts); kept for
   * the previous release's instances during a rolling upgrade. The context sets the summed count here.
   */
  likes_count: Generated<number>;
  page_count: Generated<number>;
  view_token: string;
  /** Set when the owner moves the document to the trash (migration 0002); null for live documents. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /**
   * Whether a live trackable link of the document has a passcode, an expiry or an allow list: kept by a trigger on
   * view_links (migration 0020), never written by code. While true the document opens by its own address only for
   * people with a grant (permissions/document-address.ts).
   */
  link_protected: Generated<boolean>;
}

export interface CollaboratorsTable {
  id: Generated<number>;
  document_id: number;
  /** null while the invite is pending (no account with this address). */
  user_id: number | null;
  email: string;
  permission: 'viewer' | 'commenter' | 'editor';
  invited_by: number | null;
  created_at: Timestamp;
  /** A viewer's or commenter's access ends at this time (migration 0015); null: no end. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the notice of the end was written to the outbox; null: not yet. */
  expiry_notice_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DocumentTeamPermissionsTable {
  document_id: number;
  team_id: number;
  can_view: boolean;
  can_comment: boolean;
  can_edit: boolean;
}

export interface LikesTable {
  document_id: number;
  user_id: number;
  created_at: Timestamp;
}

/**
 * The slots of a document's like count (migration 0019; docs/decisions.md, *How a request reads the database*): a
 * user's likes and unlikes always move the same slot (services/likes.ts), so up to this many people liking one
 * document at once never wait on each other's counter row, while a count stays one primary-key range of at most
 * this many rows.
 */
export const LIKE_COUNT_SLOTS = 16;

/** One slot of a document's like count (migration 0019): the count is the sum of the document's slots. */
export interface DocumentLikeCountsTable {
  document_id: number;
  slot: number;
  likes: number;
}

export interface ViewLinksTable {
  id: Generated<number>;
  link_id: string;
  document_id: number;
  owner_id: number;
  name: string;
  created_at: Timestamp;
  revoked: Generated<boolean>;
  visible_on_analytics: Generated<boolean>;
  viewer_identification: Generated<boolean>;
  /** What the link tells its creator when it is opened (migration 0027): off, each visitor's first open, or a daily digest. */
  open_notice: ColumnType<'off' | 'first_open' | 'daily', 'off' | 'first_open' | 'daily' | undefined, 'off' | 'first_open' | 'daily'>;
  onboarding: Generated<boolean>;
  /** The per-document unlisted link (spec §3 'Unlisted link'); not a trackable link. */
  is_unlisted: Generated<boolean>;
  /** scrypt hash of the link's passcode (migration 0015); null: no passcode. Never sent, never logged. */
  passcode_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The passcode sealed for the link's managers to read again (AES-256-GCM under a key derived from the server's
   * secret, migration 0023); null: no passcode, or one set before it was kept. Sent only by GET …/passcode/.
   */
  passcode_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /** After this time the link gives no access; null: it does not expire. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Addresses and `*@domain` patterns whose owners may open the link after verifying; empty: anyone. */
  allowed_viewers: ColumnType<string[], string[] | undefined, string[]>;
  /** The visitor verifies their address by an e-mailed code before the link opens (migration 0024). */
  require_verification: Generated<boolean>;
  /** Addresses and `*@domain` patterns refused after verifying (migration 0024); empty: none. */
  blocked_viewers: ColumnType<string[], string[] | undefined, string[]>;
  /** The link's page offers the slides as a PDF (migration 0029). */
  allow_download: Generated<boolean>;
  /** The link's page and its PDF carry the visitor's address or name and the time (migration 0029). */
  watermark: Generated<boolean>;
}

/** A PDF of a link's slides handed out (migration 0029), with the visitor as the link knew them. */
export interface LinkDownloadsTable {
  id: Generated<number>;
  /** The link's document (migration 0031), in the key with the link. */
  document_id: number;
  view_link_id: number;
  downloaded_at: RequiredTimestamp;
  viewer_email: string | null;
  viewer_name: string | null;
}

/** A one-time code e-mailed to a viewer of an allow-listed link (migration 0015). */
export interface LinkVerificationsTable {
  id: Generated<number>;
  /** The link's document (migration 0031), in the key with the link. */
  document_id: number;
  view_link_id: number;
  email: string;
  code_hash: string;
  /** What the live code is derived from with the server's secret (migration 0020; null in rows from before it). */
  nonce: string | null;
  tries: Generated<number>;
  expires_at: RequiredTimestamp;
  created_at: RequiredTimestamp;
}

/**
 * Passcode and code attempts per link and client (migration 0020; services/link-attempts.ts): how many this client
 * made in its current run of attempts, and when it may make the next. Bookkeeping, pruned once expired.
 */
export interface LinkUnlockRateLimitsTable {
  /** The link's document (migration 0031), in the key with the link. */
  document_id: number;
  view_link_id: number;
  kind: 'passcode' | 'code';
  client_key: string;
  attempts: number;
  next_attempt_at: RequiredTimestamp;
  expires_at: RequiredTimestamp;
}

export interface ViewLinkVisitsTable {
  id: Generated<number>;
  /** The link's document (migration 0031), in the key with the link. */
  document_id: number;
  view_link_id: number;
  visited_at: Timestamp;
  user_id: number | null;
  viewer_name: string | null;
  viewer_email: string | null;
  session_id: string | null;
  /** The device class the visit's page sent its first slide times from (migration 0026); null before that. */
  device: ColumnType<'phone' | 'tablet' | 'desktop' | null, never, 'phone' | 'tablet' | 'desktop' | null>;
}

/** A visitor a link has told its creator of (migration 0027): `email:<address>`, or `anonymous:<day>` for the day's unnamed opens. */
export interface LinkOpenNoticesTable {
  /** The link's document (migration 0031), in the key with the link. */
  document_id: number;
  view_link_id: number;
  visitor: string;
  noticed_at: RequiredTimestamp;
}

/** A day whose digest of link opens an owner was sent, or had none to send (migration 0027). */
export interface LinkDigestsTable {
  owner_id: number;
  /** The owner's calendar day (YYYY-MM-DD in their time zone). */
  day: ColumnType<Date | string, string, string>;
  sent_at: RequiredTimestamp;
}

/** Milliseconds one visit spent on one 0-based slide (migration 0026). */
export interface LinkSlideTimesTable {
  /** The visit's document (migration 0031), in the key with the visit. */
  document_id: number;
  visit_id: number;
  slide: number;
  ms: number;
}

export interface FoldersTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  creator_id: number;
  only_owner_can_add_collaborators: Generated<boolean>;
  created_at: Timestamp;
}

export interface FolderMembersTable {
  id: Generated<number>;
  folder_id: number;
  user_id: number | null;
  email: string;
  role: 'VIEWER' | 'OWNER' | 'EDITOR';
  invited_by: number | null;
  created_at: Timestamp;
}

export interface FolderDocumentsTable {
  folder_id: number;
  document_id: number;
}

export interface FeatureSwitchesTable {
  name: string;
  enabled: boolean;
}

export interface InvitationsTable {
  id: Generated<number>;
  inviter_id: number;
  email: string;
  document_id: number | null;
  folder_id: number | null;
  referral_token: string | null;
  created_at: RequiredTimestamp;
  /** SHA-256 (hex) of the accept token sent in the e-mail; the token itself is never stored (migration 0007). */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  used_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When removing the person withdrew this invitation (migration 0013): its link never works again. */
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_email: string;
  subject: string;
  html: string;
  text: string;
  invitation_id: number | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: RequiredTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: RequiredTimestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The sender holding the lease while it sends (migration 0013); null when nobody does. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AccessRequestStatus = 'pending' | 'approved' | 'denied';

/** A user's request for access to a document they cannot see (migration 0008). */
export interface AccessRequestsTable {
  id: Generated<number>;
  document_id: number;
  requester_id: number;
  message: string | null;
  status: ColumnType<AccessRequestStatus, AccessRequestStatus | undefined, AccessRequestStatus>;
  /** The level it was approved at; null while pending or when denied. */
  permission: ColumnType<'viewer' | 'commenter' | 'editor' | null, 'viewer' | 'commenter' | 'editor' | null | undefined, 'viewer' | 'commenter' | 'editor' | null>;
  created_at: RequiredTimestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ReferralTokensTable {
  user_id: number;
  campaign: string;
  ln_token: string;
  email_token: string;
  created_at: Timestamp;
}

/** A person who joined through a referral link (migration 0010); invitee_id is null once that account is removed. */
export interface ReferralsTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number | null;
  invitee_mailbox: string;
  campaign: string;
  created_at: Timestamp;
}

/** Credits ledger (migration 0010): a user's balance is the sum of their rows. */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: 'referral_inviter' | 'referral_invitee';
  referral_id: number | null;
  created_at: Timestamp;
}

export interface ClientLogsTable {
  id: Generated<number>;
  received_at: Timestamp;
  user_id: number | null;
  level: string;
  message: string;
  entry: ColumnType<unknown, string, string>;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  received_at: Timestamp;
  user_id: number | null;
  event_name: string;
  payload: ColumnType<unknown, string, string>;
}

/** A signed-in session; the cookie holds the id, the table its SHA-256 (migration 0004). */
export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

/** Fixed-window counters of the per-client rate limits, shared by every server instance. */
export interface RateLimitCountersTable {
  bucket: string;
  client_key: string;
  window_start: RequiredTimestamp;
  window_end: RequiredTimestamp;
  hits: number;
}

/** Snapshots of a document's title, description and tags (migration 0009), for POST …/revert/. */
export interface DocumentVersionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  title: string;
  description: string;
  tags: ColumnType<Array<{ text: string }>, string, string>;
  created_by: number | null;
  created_at: RequiredTimestamp;
}

/** Which create body made which document, so a repeat answers 304 (spec §8). */
export interface DocumentCreationsTable {
  id: Generated<number>;
  user_id: number;
  body_hash: string;
  document_id: number;
  created_at: RequiredTimestamp;
}

export interface DocumentRelationsTable {
  parent_id: number;
  child_id: number;
  created_by: number | null;
  created_at: RequiredTimestamp;
}

export interface CuratedTopicsTable {
  slug: string;
  name: string;
}

export interface CuratedContentTable {
  document_id: number;
  topic: string;
  note: ColumnType<string, string | undefined, string>;
  curated_by: number | null;
  created_at: RequiredTimestamp;
}

/** A team's webhook and its sealed signing secret (migration 0028). */
export interface TeamWebhooksTable {
  team_id: number;
  url: string;
  secret_sealed: string;
  created_at: RequiredTimestamp;
  secret_created_at: RequiredTimestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** An event to send to a team's webhook, and its delivery log (migration 0028). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  delivery_id: string;
  team_id: number;
  event: string;
  body: string;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_http_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: RequiredTimestamp;
  last_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  next_attempt_at: RequiredTimestamp;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DB {
  teams: TeamsTable;
  users: UsersTable;
  documents: DocumentsTable;
  collaborators: CollaboratorsTable;
  document_team_permissions: DocumentTeamPermissionsTable;
  likes: LikesTable;
  document_like_counts: DocumentLikeCountsTable;
  view_links: ViewLinksTable;
  view_link_visits: ViewLinkVisitsTable;
  link_slide_times: LinkSlideTimesTable;
  link_open_notices: LinkOpenNoticesTable;
  link_downloads: LinkDownloadsTable;
  link_digests: LinkDigestsTable;
  link_verifications: LinkVerificationsTable;
  link_unlock_rate_limits: LinkUnlockRateLimitsTable;
  folders: FoldersTable;
  folder_members: FolderMembersTable;
  folder_documents: FolderDocumentsTable;
  feature_switches: FeatureSwitchesTable;
  invitations: InvitationsTable;
  outbox: OutboxTable;
  access_requests: AccessRequestsTable;
  referral_tokens: ReferralTokensTable;
  referrals: ReferralsTable;
  credit_ledger: CreditLedgerTable;
  client_logs: ClientLogsTable;
  analytics_events: AnalyticsEventsTable;
  sessions: SessionsTable;
  rate_limit_counters: RateLimitCountersTable;
  document_versions: DocumentVersionsTable;
  document_creations: DocumentCreationsTable;
  document_relations: DocumentRelationsTable;
  curated_topics: CuratedTopicsTable;
  curated_content: CuratedContentTable;
  identity_token_uses: IdentityTokenUsesTable;
  sharing_activity: SharingActivityTable;
  team_webhooks: TeamWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** Host identity tokens already exchanged (migration 0013): a hash of the `jti` or the token, until it expires. */
export interface IdentityTokenUsesTable {
  use_key: string;
  expires_at: RequiredTimestamp;
}

/** The sharing activity log (migration 0016): append-only, one row per sharing change. */
export interface SharingActivityTable {
  id: ColumnType<string, never, never>;
  created_at: RequiredTimestamp;
  document_id: number | null;
  folder_id: number | null;
  team_id: number | null;
  actor_id: number | null;
  action: string;
  subject: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

export type UserRow = Selectable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type ViewLinkRow = Selectable<ViewLinksTable>;
export type NewDocument = Insertable<DocumentsTable>;
