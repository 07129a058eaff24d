/**
 * How the schema would be spread over a distributed PostgreSQL (Citus), by document: docs/scaling.md, "Sharding with
 * Citus". server/src/test/indexes.test.ts holds the migrated schema to it, and the hot routes' statements to one
 * document each (the exceptions listed here).
 */

/** A document-scoped table, distributed by the document it belongs to and co-located with `documents`. */
export interface CoLocatedTable {
  table: string;
  /** The column holding the document's id (for `documents`, its own id). */
  documentColumn: string;
}

/** Every document-scoped table: distributed by `documentColumn`, its shards beside the document's. */
export const CO_LOCATED: readonly CoLocatedTable[] = [
  { table: 'documents', documentColumn: 'id' },
  { table: 'likes', documentColumn: 'document_id' },
  { table: 'document_like_counts', documentColumn: 'document_id' },
  { table: 'document_team_permissions', documentColumn: 'document_id' },
  { table: 'curated_content', documentColumn: 'document_id' },
  // A relation belongs to its parent: a relation list is the parent's page.
  { table: 'document_relations', documentColumn: 'parent_id' },
  { table: 'collaborators', documentColumn: 'document_id' },
  { table: 'view_links', documentColumn: 'document_id' },
  { table: 'access_requests', documentColumn: 'document_id' },
  { table: 'document_versions', documentColumn: 'document_id' },
  { table: 'document_creations', documentColumn: 'document_id' },
];

/**
 * Document-scoped tables whose primary key does not carry the document's id yet (a surrogate `id`): Citus requires
 * the distribution column in every primary key and unique constraint, so each needs its key changed to
 * (document_id, id) before it is distributed — the step docs/scaling.md lists first. Kept here so the schema test
 * fails when a key changes and this list is not updated, and when a new table forgets the rule.
 */
export const KEY_CHANGE_BEFORE_DISTRIBUTING: Readonly<Record<string, string>> = {
  collaborators: 'primary key (id); (document_id, email) is unique already',
  view_links: 'primary key (id), unique link_id; five tables point at view_links(id) and carry no document id',
  access_requests: 'primary key (id)',
  document_versions: 'primary key (id); (document_id, version) is unique already',
  document_creations: 'primary key (id)',
};

/**
 * A view link's own rows (its visits, downloads, verifications, …) belong to its document but name only the link:
 * to be co-located they need the document's id as a column and in their key (and their foreign key to view_links
 * through it), part of view_links' key change. A visit's slide times hang off the visit the same way.
 */
export const LINK_ROWS_WITHOUT_DOCUMENT: readonly string[] = [
  'view_link_visits',
  'link_downloads',
  'link_open_notices',
  'link_unlock_rate_limits',
  'link_verifications',
  'link_slide_times',
];

/**
 * Tables that name a document but are not distributed with it, and why. Rows of several documents, or of none, meet
 * in them: they stay on the coordinator (local tables) or become reference tables.
 */
export const NOT_DISTRIBUTED_BY_DOCUMENT: Readonly<Record<string, string>> = {
  folder_documents: "a folder's page lists documents of many owners: distributed by folder with folders, or a reference table",
  invitations: 'a folder invitation names no document (document_id is null): kept on the coordinator with the outbox that mails them',
  sharing_activity: "a team's activity log lists every document of the team: distributed by team, read by the activity page alone",
};

/**
 * Reference tables (a copy on every node, joined locally by any shard): what the document-scoped statements join on
 * — who the user is, their team, their session — and small settings.
 */
export const REFERENCE_TABLES: readonly string[] = ['users', 'teams', 'sessions', 'feature_switches', 'curated_topics', 'team_webhooks'];

/**
 * Statements of the hot routes that read rows of more than one document, each with its remedy (docs/scaling.md).
 * `statement` matches the statement's SQL; the hot-route test finds exactly these, no more and no fewer.
 */
export interface CrossDocumentStatement {
  route: string;
  statement: RegExp;
  why: string;
}

/**
 * A full permission context (the document's page and answers) counts the user's own live view links on every
 * document they manage, for their plan's link limit (spec §5, §9: VIEW_LINK_LIMIT): a sum over shards on each cold
 * read. Remedy before distributing: keep the count on the user's row (a reference table), moved by the statement
 * that makes, revokes or moves a link, as the like count moves with the like; or read it only where a link is made.
 */
const OWN_LIVE_LINKS = /as "own_live_links"/;

export const CROSS_DOCUMENT_STATEMENTS: readonly CrossDocumentStatement[] = [
  { route: 'GET unified-privacy', statement: OWN_LIVE_LINKS, why: "the user's own live-link count, over all their documents" },
  { route: 'GET document', statement: OWN_LIVE_LINKS, why: "the user's own live-link count, over all their documents" },
];
