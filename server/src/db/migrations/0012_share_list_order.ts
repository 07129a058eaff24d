import { sql, type Kysely } from 'kysely';

/**
 * The share list is read in pages in its display order — collaborators who joined, then pending invitations,
 * each by id — from a cursor (docs/api.md): this index serves a page of 10,000 rows without reading the rest.
 */
export const SHARE_LIST_INDEXES = {
  // Written as PostgreSQL prints it back (indexes.test.ts compares the definition).
  collaborators_document_list_order_idx: 'collaborators (document_id, ((user_id IS NULL)), id)',
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, target] of Object.entries(SHARE_LIST_INDEXES)) {
    await sql.raw(`create index if not exists ${name} on ${target}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(SHARE_LIST_INDEXES)) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}
