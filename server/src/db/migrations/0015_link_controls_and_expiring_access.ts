import { sql, type Kysely } from 'kysely';

/**
 * View-link controls and access that ends (docs/decisions.md):
 * - `view_links.passcode_hash` (scrypt, never the passcode), `expires_at`, `allowed_viewers` (addresses and
 *   `*@domain` patterns; empty: anyone with the link).
 * - `teams.require_link_passcode` and `teams.max_link_expiry_days`: the team admin's rules for every new link.
 * - `collaborators.expires_at` (a viewer's or commenter's access ends then) and `expiry_notice_sent_at` (the
 *   notice e-mail a few days before was written to the outbox).
 * - `link_verifications`: the one-time codes e-mailed to viewers of an allow-listed link (a hash, never the code).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('view_links')
    .addColumn('passcode_hash', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('allowed_viewers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .alterTable('teams')
    .addColumn('require_link_passcode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_link_expiry_days', 'integer', (c) => c.check(sql`max_link_expiry_days between 1 and 365`))
    .execute();
  await db.schema
    .alterTable('collaborators')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('expiry_notice_sent_at', 'timestamptz')
    .execute();
  // The notice sweep finds the grants that end soon without reading every collaborator.
  await sql`create index collaborators_expiry_notice_idx on collaborators (expires_at) where expires_at is not null and expiry_notice_sent_at is null`.execute(db);
  await db.schema
    .createTable('link_verifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('view_link_id', 'integer', (c) => c.notNull().references('view_links.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_verifications_link_email_idx').on('link_verifications').columns(['view_link_id', 'email']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_verifications').execute();
  await sql`drop index collaborators_expiry_notice_idx`.execute(db);
  await db.schema.alterTable('collaborators').dropColumn('expires_at').dropColumn('expiry_notice_sent_at').execute();
  await db.schema.alterTable('teams').dropColumn('require_link_passcode').dropColumn('max_link_expiry_days').execute();
  await db.schema.alterTable('view_links').dropColumn('passcode_hash').dropColumn('expires_at').dropColumn('allowed_viewers').execute();
}
