import type { Kysely } from 'kysely';

/**
 * A link's passcode kept for its managers to read again (docs/decisions.md, *Protected trackable links*): sealed
 * with AES-256-GCM under a key derived from the server's secret (services/link-secrets.ts), beside the scrypt hash
 * that unlocks. Null for no passcode, and for a passcode set before this migration (only its hash was kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('view_links').addColumn('passcode_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('view_links').dropColumn('passcode_sealed').execute();
}
