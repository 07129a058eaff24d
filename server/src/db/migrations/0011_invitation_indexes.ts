import { sql, type Kysely } from 'kysely';

/**
 * The share and folder lists read pending invitees' delivery states by document or folder;
 * without these they read every invitation ever sent (docs/benchmarks.md, the share list's plan).
 */
export const INVITATION_INDEXES = {
  invitations_document_idx: 'invitations (document_id)',
  invitations_folder_idx: 'invitations (folder_id)',
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, target] of Object.entries(INVITATION_INDEXES)) {
    await sql.raw(`create index if not exists ${name} on ${target}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INVITATION_INDEXES)) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}
