import { sql, type Kysely } from 'kysely';

/**
 * Server-side sessions (revocable), the host product's identity on users, fixed-window
 * rate-limit counters shared by every server instance, and indexes the retention delete uses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    // SHA-256 of the session id the cookie carries: a copy of the table gives no usable cookie.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  // The host product's user: issuer + subject of its identity token (null for demo users until first seen).
  await db.schema.alterTable('users').addColumn('identity_issuer', 'text').execute();
  await db.schema.alterTable('users').addColumn('identity_subject', 'text').execute();
  await sql`create unique index users_identity_idx on users (identity_issuer, identity_subject) where identity_subject is not null`.execute(db);

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('window_end', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'client_key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_counters_end_idx').on('rate_limit_counters').column('window_end').execute();

  await db.schema.createIndex('client_logs_received_idx').on('client_logs').column('received_at').execute();
  await db.schema.createIndex('analytics_events_received_idx').on('analytics_events').column('received_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('analytics_events_received_idx').ifExists().execute();
  await db.schema.dropIndex('client_logs_received_idx').ifExists().execute();
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
  await db.schema.dropIndex('users_identity_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('identity_subject').execute();
  await db.schema.alterTable('users').dropColumn('identity_issuer').execute();
  await db.schema.dropTable('sessions').ifExists().execute();
}
