import { sql, type Kysely } from 'kysely';

/**
 * Access requests: a signed-in user who cannot see a document asks its owner for access.
 * At most one pending request per user and document (a partial unique index, so concurrent requests
 * cannot make two); approving or denying closes it and keeps the row as the record of the decision.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'denied')`))
    .addColumn('permission', 'text', (c) => c.check(sql`permission in ('viewer', 'commenter', 'editor')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The one-pending rule, and the owner's list of a document's pending requests (its first column).
  await sql`create unique index access_requests_pending_idx on access_requests (document_id, requester_id) where status = 'pending'`.execute(db);
  // Deleting a user cascades to their requests.
  await db.schema.createIndex('access_requests_requester_idx').on('access_requests').column('requester_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_requests').ifExists().execute();
}
