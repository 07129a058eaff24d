import { sql, type Kysely } from 'kysely';

/**
 * Download control and watermark of a trackable link (docs/decisions.md, *Download control and watermark*):
 * - `view_links.allow_download`: the link's page offers the slides as a PDF; off by default, and on links made
 *   before this, so no link starts handing out a copy unasked;
 * - `view_links.watermark`: the link's page and its PDF carry the visitor's address or name and the time;
 * - `link_downloads`: each PDF handed out, with the visitor as the link knows them, for the link's owner.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('view_links')
    .addColumn('allow_download', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('watermark', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('link_downloads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('view_link_id', 'integer', (c) => c.notNull().references('view_links.id').onDelete('cascade'))
    .addColumn('downloaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('viewer_email', 'text')
    .addColumn('viewer_name', 'text')
    .execute();
  await sql`create index link_downloads_link on link_downloads (view_link_id, downloaded_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_downloads').execute();
  await db.schema.alterTable('view_links').dropColumn('watermark').dropColumn('allow_download').execute();
}
