import { sql, type Kysely } from 'kysely';

/**
 * Every document-scoped table keyed by its document (docs/scaling.md, "Sharding with Citus"; the plan in
 * db/distribution-plan.ts): Citus needs the distribution column in every primary key and unique constraint.
 * - `collaborators`, `view_links`, `access_requests`, `document_versions`, `document_creations`: primary key
 *   `(document_id, id)`; a row looked up by its id alone (a collaborator's or a request's change, a link's) keeps an
 *   index on `id`.
 * - A view link's own rows (visits, downloads, verifications, open notices, unlock counters) and a visit's slide
 *   times get the document's id, copied from their link (or visit), in their keys and in their foreign key to it:
 *   `(document_id, view_link_id)` → `view_links (document_id, id)`, `(document_id, visit_id)` →
 *   `view_link_visits (document_id, id)`, deleted with it as before.
 *
 * One transaction, plain DDL: each table is rewritten (the copied column) or re-indexed once, under its lock.
 */

/** A link's own rows: their old primary key and unique index, and the new ones, document first. */
const LINK_ROWS = [
  { table: 'view_link_visits', parent: 'view_links', ref: 'view_link_id', key: ['id'] },
  { table: 'link_downloads', parent: 'view_links', ref: 'view_link_id', key: ['id'] },
  { table: 'link_verifications', parent: 'view_links', ref: 'view_link_id', key: ['id'] },
  { table: 'link_open_notices', parent: 'view_links', ref: 'view_link_id', key: ['view_link_id', 'visitor'] },
  { table: 'link_unlock_rate_limits', parent: 'view_links', ref: 'view_link_id', key: ['view_link_id', 'kind', 'client_key'] },
  // After view_link_visits: its document_id is filled in first.
  { table: 'link_slide_times', parent: 'view_link_visits', ref: 'visit_id', key: ['visit_id', 'slide'] },
] as const;

/** The tables whose surrogate key gets the document in front of it, and whether anything finds a row by id alone. */
const KEYED_BY_ID = [
  { table: 'collaborators', byId: true },
  { table: 'view_links', byId: true },
  { table: 'access_requests', byId: true },
  { table: 'document_versions', byId: false },
  { table: 'document_creations', byId: false },
] as const;

const list = (columns: readonly string[]) => columns.join(', ');

export async function up(db: Kysely<any>): Promise<void> {
  // The link rows' document, from their link (or visit).
  for (const { table, parent, ref } of LINK_ROWS) {
    await sql.raw(`alter table ${table} add column document_id integer`).execute(db);
    await sql.raw(`update ${table} t set document_id = p.document_id from ${parent} p where p.id = t.${ref}`).execute(db);
    // Their foreign keys stand on the parents' keys, which change below.
    await sql.raw(`alter table ${table} drop constraint ${table}_${ref}_fkey`).execute(db);
  }
  for (const { table, byId } of KEYED_BY_ID) {
    await sql.raw(`alter table ${table} drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (document_id, id)`).execute(db);
    if (byId) await sql.raw(`create index ${table}_id_idx on ${table} (id)`).execute(db);
  }
  for (const { table, parent, ref, key } of LINK_ROWS) {
    await sql
      .raw(
        `alter table ${table} alter column document_id set not null,
          drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (document_id, ${list(key)}),
          add constraint ${table}_${ref}_fkey foreign key (document_id, ${ref}) references ${parent} (document_id, id) on delete cascade`,
      )
      .execute(db);
  }
  await sql`drop index link_verifications_link_email_idx`.execute(db);
  await sql`create unique index link_verifications_link_email_idx on link_verifications (document_id, view_link_id, email)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index link_verifications_link_email_idx`.execute(db);
  await sql`create unique index link_verifications_link_email_idx on link_verifications (view_link_id, email)`.execute(db);
  for (const { table, ref, key } of [...LINK_ROWS].reverse()) {
    await sql.raw(`alter table ${table} drop constraint ${table}_${ref}_fkey, drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (${list(key)})`).execute(db);
  }
  for (const { table, byId } of KEYED_BY_ID) {
    if (byId) await sql.raw(`drop index ${table}_id_idx`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (id)`).execute(db);
  }
  for (const { table, parent, ref } of LINK_ROWS) {
    await sql.raw(`alter table ${table} drop column document_id, add constraint ${table}_${ref}_fkey foreign key (${ref}) references ${parent} (id) on delete cascade`).execute(db);
  }
}
