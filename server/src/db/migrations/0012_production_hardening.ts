import type { Kysely } from 'kysely';

/**
 * Production hardening:
 * - `outbox.claim_token`: the sender that holds a message's lease (it renews the lease while it sends and marks the
 *   message sent only while it still holds it), so a slow mail server never gets one message from two senders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claim_token', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claim_token').execute();
}
