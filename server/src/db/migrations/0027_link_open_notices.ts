import { sql, type Kysely } from 'kysely';

/**
 * Notes to a trackable link's creator when it is opened (shared/src/domains/view-links/open-notices.ts):
 * - `view_links.open_notice`: off, an e-mail on each visitor's first open, or a daily digest; links made before
 *   this stay silent (`off`) rather than start e-mailing their creators unasked;
 * - `link_open_notices`: the visitors a link has told its creator of, one row each, so each is told once however
 *   many instances record their opens at the same time (the e-mail is written to the outbox in the same transaction);
 * - `link_digests`: the days whose digest an owner was sent (or had nothing to send), one row each, for the same reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('view_links')
    .addColumn('open_notice', 'text', (c) => c.notNull().defaultTo('off').check(sql`open_notice in ('off', 'first_open', 'daily')`))
    .execute();
  await db.schema
    .createTable('link_open_notices')
    .addColumn('view_link_id', 'integer', (c) => c.notNull().references('view_links.id').onDelete('cascade'))
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('noticed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_open_notices_pkey', ['view_link_id', 'visitor'])
    .execute();
  await db.schema
    .createTable('link_digests')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_digests_pkey', ['owner_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_digests').execute();
  await db.schema.dropTable('link_open_notices').execute();
  await db.schema.alterTable('view_links').dropColumn('open_notice').execute();
}
