import type { Kysely } from 'kysely';

/**
 * Production hardening:
 * - `invitations.revoked_at`: removing someone withdraws the accept links they were sent for that document or
 *   folder for good; adding the address back (Undo, or a new invitation) does not bring an old link back.
 * - `outbox.claim_token`: the sender that holds a message's lease (it renews the lease while it sends and marks the
 *   message sent only while it still holds it), so a slow mail server never gets one message from two senders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claim_token', 'text').execute();
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
  await db.schema.alterTable('outbox').dropColumn('claim_token').execute();
}
