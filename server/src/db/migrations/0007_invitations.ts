import { sql, type Kysely } from 'kysely';

/**
 * Invitations that arrive and can be accepted:
 * - every invitation row gets an accept token (stored as its SHA-256 only), an expiry and its use;
 * - `outbox` holds every e-mail, written in the same transaction as the change that sends it, so a
 *   rolled-back request sends nothing and a committed one is sent even after a restart;
 * - users get an optional `locale` (the language their e-mails are written in).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invitations')
    .addColumn('token_hash', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create unique index invitations_token_hash_idx on invitations (token_hash) where token_hash is not null`.execute(db);
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('invitation_id', 'integer', (c) => c.references('invitations.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index outbox_due_idx on outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await db.schema.createIndex('outbox_invitation_idx').on('outbox').column('invitation_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
  await db.schema.dropIndex('invitations_token_hash_idx').ifExists().execute();
  await db.schema.alterTable('invitations').dropColumn('token_hash').dropColumn('expires_at').dropColumn('used_at').dropColumn('used_by').execute();
}
