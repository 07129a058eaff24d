import { sql, type Kysely } from 'kysely';

/**
 * Production hardening:
 * - `invitations.revoked_at`: removing someone withdraws the accept links they were sent for that document or
 *   folder for good; adding the address back (Undo, or a new invitation) does not bring an old link back.
 * - `outbox.claim_token`: the sender that holds a message's lease (it renews the lease while it sends and marks the
 *   message sent only while it still holds it), so a slow mail server never gets one message from two senders.
 * - `identity_token_uses`: each host identity token signs in once (its `jti`, or its hash, kept until it expires).
 * - users the host's token created had their e-mail as username, which every document shows to anyone with its
 *   owner: they get their oid instead.
 * - `users.identity_subject` at most 255 characters: a longer `sub` is refused, never cut (two subjects, two users).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claim_token', 'text').execute();
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'timestamptz').execute();
  await db.schema
    .createTable('identity_token_uses')
    .addColumn('use_key', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_token_uses_expires_idx').on('identity_token_uses').column('expires_at').execute();
  await db.schema.alterTable('users').addCheckConstraint('users_identity_subject_length', sql`char_length(identity_subject) <= 255`).execute();
  await sql`update users set username = oid where identity_subject is not null and username = email`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropConstraint('users_identity_subject_length').execute();
  await db.schema.dropTable('identity_token_uses').execute();
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
  await db.schema.alterTable('outbox').dropColumn('claim_token').execute();
}
