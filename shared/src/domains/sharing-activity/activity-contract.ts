/**
 * The sharing activity log and the live share dialog: what the server records, sends and limits, and what the
 * client shows, defined once for both (docs/api.md, *Sharing activity* and *Live sharing changes*).
 */

/** Every kind of sharing change the log records. */
export const SHARING_ACTIONS = [
  'privacy_changed',
  'collaborator_added',
  'collaborator_changed',
  'collaborator_removed',
  'team_permission_changed',
  'team_permission_removed',
  'link_created',
  'link_changed',
  'link_deactivated',
  'link_downloaded',
  'unlisted_link_created',
  'unlisted_link_deactivated',
  'ownership_transferred',
  'access_request_approved',
  'access_request_denied',
  'folder_member_added',
  'folder_member_removed',
  'folder_deleted',
] as const;
export type SharingAction = (typeof SHARING_ACTIONS)[number];

/** A value before or after a change: a few named settings, never a secret (no token, passcode or hash). */
export type ActivityState = Record<string, string | boolean | null>;

/** One entry of the log as the API sends it. */
export interface ActivityEntry {
  /** Increasing; also the live stream's event id (Last-Event-ID). */
  id: number;
  at: string;
  action: SharingAction;
  /** Who made the change; null once that account is removed. */
  actor: { id: number; name: string } | null;
  /** Whom or what the change is about: a collaborator's address, a link's name, a team; null for the document itself. */
  subject: string | null;
  before: ActivityState | null;
  after: ActivityState | null;
  /** The document (null for a folder's change, or once the document is gone). */
  document: { oid: string; title: string } | null;
  /** The folder (null for a document's change, or once the folder is gone). */
  folder: { id: number; name: string } | null;
}

export interface ActivityPage {
  results: ActivityEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: number | null;
}

/**
 * The filters of the team's log (docs/api.md, *Sharing activity*), as query parameters of both the page and its CSV
 * export: who made the change (`actor`, a user id), which kind (`action`), on which document (`document`, its oid)
 * or folder (`folder`, its id), and when: `from` (inclusive) and `to` (exclusive) are instants with their offset,
 * the start of the days the admin chose in their own time zone.
 */
export interface TeamActivityFilters {
  actor?: number;
  action?: SharingAction;
  document?: string;
  folder?: number;
  from?: string;
  to?: string;
}
/** The team's log, its CSV export (a plain link the browser downloads, with the session cookie) and its filters' choices. */
export const TEAM_ACTIVITY_PATH = '/api/v1/team/activity/';
export const TEAM_ACTIVITY_CSV_PATH = '/api/v1/team/activity.csv';
export const TEAM_ACTIVITY_CHOICES_PATH = '/api/v1/team/activity/choices/';
export const TEAM_ACTIVITY_FILTERS = ['actor', 'action', 'document', 'folder', 'from', 'to'] as const satisfies ReadonlyArray<keyof TeamActivityFilters>;

/** Who and what the team page's filters offer: the team's people, documents and folders, by name. */
export interface TeamActivityChoices {
  people: Array<{ id: number; name: string; email: string }>;
  documents: Array<{ oid: string; title: string }>;
  folders: Array<{ id: number; name: string }>;
}
/** Each list of choices holds at most this many (the first by name). */
export const TEAM_ACTIVITY_CHOICES_MAX = 500;

/** Entries per page unless `limit` says otherwise, and the most a page holds. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_MAX = 200;
/** The CSV export holds at most this many entries (the newest). */
export const ACTIVITY_EXPORT_MAX = 10_000;
/** Days the log keeps an entry unless SHARING_ACTIVITY_RETENTION_DAYS says otherwise. */
export const ACTIVITY_RETENTION_DAYS_DEFAULT = 365;

/** The live stream: one event per change, plus a `hello` with the current version when it opens. */
export const LIVE_EVENT_CHANGE = 'sharing-change';
export const LIVE_EVENT_HELLO = 'hello';
/**
 * The last event of a stream ended because its user opened one past LIVE_STREAMS_PER_USER: the dialog stops
 * reconnecting (a reconnect would end another of the user's streams, and so on) and says it no longer updates.
 */
export const LIVE_EVENT_REPLACED = 'replaced';
/** The reader's access ended while the stream was open (removed, a lower level, an end date): the last event. */
export const LIVE_EVENT_ACCESS_ENDED = 'access-ended';
/** A comment line this often keeps proxies and the browser from timing the stream out. */
export const LIVE_HEARTBEAT_SECONDS = 15;
/**
 * Streams one user may hold open on one server instance: every open dialog holds one (tabs, a folder dialog, a
 * reconnect in flight), so a person with a dozen tabs still has one each (docs/decisions.md, *Live dialog*).
 */
export const LIVE_STREAMS_PER_USER = 20;
/** Streams one server instance holds open at most. */
export const LIVE_STREAMS_PER_INSTANCE = 1000;
/**
 * A stream ends after this long and the browser reconnects at once (catching up from its last event id): after
 * a scale-up, streams spread over the new instances within this time.
 */
export const LIVE_STREAM_LIFETIME_SECONDS = 600;
/** A reconnect replays at most this many missed changes; past it the client reloads the dialog's data. */
export const LIVE_CATCH_UP_MAX = 100;

/** The `hello` event: the document's sharing version (the newest log entry's id, 0 for none). */
export interface LiveHello {
  version: number;
}

/**
 * The request header a sharing change carries with the version the dialog last saw; a change made by someone
 * else since then makes the server refuse it with 409 and `SHARING_CHANGED` instead of overwriting it.
 */
export const SHARING_VERSION_HEADER = 'X-Sharing-Version';
export const SHARING_CHANGED_CODE = 'SHARING_CHANGED';
