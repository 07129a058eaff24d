import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the hot queries that the primary keys and unique constraints do not serve
 * (docs/benchmarks.md shows each plan; server/src/test/indexes.test.ts checks they are used).
 */
export const HOT_INDEXES = {
  /** The permission context's "my collaborator row" (a document may have 10,000 collaborators). */
  collaborators_document_user_idx: 'collaborators (document_id, user_id)',
  /** Share permissions: the organisation's member count. */
  users_team_idx: 'users (team_id)',
  /** Document list: documents shared with the user's team. */
  document_team_permissions_team_idx: 'document_team_permissions (team_id)',
  /** Deleting a user cascades to their likes; without it that scans every like. */
  likes_user_idx: 'likes (user_id)',
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, target] of Object.entries(HOT_INDEXES)) {
    await sql.raw(`create index if not exists ${name} on ${target}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(HOT_INDEXES)) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}
