/**
 * How the schema would be spread over a distributed PostgreSQL (Citus), by document: docs/scaling.md, "Sharding with
 * Citus". server/src/test/indexes.test.ts holds the migrated schema to it (every co-located table carries the document
 * in its primary key), and the hot routes' statements to one document each (the exceptions listed here).
 */

/** A document-scoped table, distributed by the document it belongs to and co-located with `documents`. */
export interface CoLocatedTable {
  table: string;
  /** The column holding the document's id (for `documents`, its own id). */
  documentColumn: string;
}

/**
 * Every document-scoped table: distributed by `documentColumn`, its shards beside the document's. The column is in
 * its primary key and in its foreign keys to the other co-located tables, as Citus requires.
 */
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
  // A view link's own rows and a visit's slide times carry their link's document (migration 0031).
  { table: 'view_link_visits', documentColumn: 'document_id' },
  { table: 'link_downloads', documentColumn: 'document_id' },
  { table: 'link_open_notices', documentColumn: 'document_id' },
  { table: 'link_unlock_rate_limits', documentColumn: 'document_id' },
  { table: 'link_verifications', documentColumn: 'document_id' },
  { table: 'link_slide_times', documentColumn: 'document_id' },
];

/**
 * Unique indexes of co-located tables without the document's column: a document, or a link, found by its public id
 * alone. Citus refuses them on a distributed table (the distribution column must be in every unique constraint), and
 * a lookup by them alone visits every shard. Before distributing, each id is found through a small reference table
 * (public id → document), or carries its document; the schema test fails on any other.
 */
export const UNIQUE_WITHOUT_DOCUMENT: Readonly<Record<string, string>> = {
  documents_oid_key: "a document's public id, where every document route starts",
  documents_view_token_key: "the token of a document's view address",
  view_links_link_id_key: "a view link's public id, where every link page starts",
};

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
