import { sql, type Kysely } from 'kysely';

/**
 * Closing a document revokes its unlisted link: revoke the unlisted links that closed
 * documents still hold from before the rule, so reopening such a document does not revive them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update view_links set revoked = true
    where is_unlisted and not revoked
      and document_id in (select id from documents where privacy = 'closed')`.execute(db);
}

export async function down(): Promise<void> {
  // Revocation is permanent: nothing to undo.
}
