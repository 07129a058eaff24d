import { sql, type Kysely } from 'kysely';

/**
 * Identities the host has not verified own nothing (docs/security.md, *Signing in with the host product's identity*):
 * - `users.email_verified`: whether the address is the account's own, because the host vouched for it
 *   (`email_verified` in its token) or because no host token ever named the account (the demo's and the operator's
 *   accounts). Only such an account receives what is shared with its address.
 * - Only a verified address is unique: an account that merely claims an address never keeps the address's owner
 *   out (the partial unique index replaces `users_email_key`).
 * - Accounts the host named before this migration did not record whether it vouched: they count as unverified until
 *   their next sign-in with a verified address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
  await sql`update users set email_verified = false where identity_subject is not null`.execute(db);
  await db.schema.alterTable('users').dropConstraint('users_email_key').execute();
  await sql`create unique index users_verified_email_uq on users (email) where email_verified`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_verified_email_uq`.execute(db);
  await db.schema.alterTable('users').addUniqueConstraint('users_email_key', ['email']).execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
