import { sql, type Kysely } from 'kysely';

/**
 * Slide-by-slide engagement of a trackable link's visits (shared/src/domains/viewer/slide-engagement.ts):
 * - `link_slide_times`: the milliseconds one visit spent on one slide, added up batch by batch; it goes with the
 *   visit (cascade), so what a visit's retention removes takes its times along;
 * - `view_link_visits.device`: the visit's device class (phone, tablet, desktop), set by its first batch; nothing
 *   finer about the device is kept (docs/decisions.md, *What is recorded about viewers*).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_slide_times')
    .addColumn('visit_id', 'integer', (c) => c.notNull().references('view_link_visits.id').onDelete('cascade'))
    .addColumn('slide', 'integer', (c) => c.notNull().check(sql`slide >= 0`))
    .addColumn('ms', 'integer', (c) => c.notNull().check(sql`ms >= 0`))
    .addPrimaryKeyConstraint('link_slide_times_pkey', ['visit_id', 'slide'])
    .execute();
  await db.schema
    .alterTable('view_link_visits')
    .addColumn('device', 'text', (c) => c.check(sql`device in ('phone', 'tablet', 'desktop')`))
    .execute();
  // The batch finds its visit by link and open id.
  await db.schema.createIndex('view_link_visits_open_idx').on('view_link_visits').columns(['view_link_id', 'session_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('view_link_visits_open_idx').execute();
  await db.schema.alterTable('view_link_visits').dropColumn('device').execute();
  await db.schema.dropTable('link_slide_times').execute();
}
