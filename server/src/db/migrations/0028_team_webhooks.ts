import { sql, type Kysely } from 'kysely';

/**
 * A team's webhook (docs/decisions.md, *Team webhook*):
 * - `team_webhooks`: one address per team and its signing secret, sealed under the server's secret (the server
 *   must read it to sign; a copy of the database alone does not give it away);
 * - `webhook_deliveries`: each event to send, written in the transaction that records what it tells, with its
 *   body fixed then; the sender leases a row (`claim_token`) while it sends, retries with backoff, and the row is
 *   the delivery log the team's admins read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team_webhooks')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('secret_created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_http_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('claim_token', 'text')
    .execute();
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at, id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_team').on('webhook_deliveries').columns(['team_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('team_webhooks').execute();
}
