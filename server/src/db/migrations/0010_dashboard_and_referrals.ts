import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's list queries get indexes that lead with the user (the trash already has
 * `documents_trash_idx`); a referral that pays out gets its attribution and a credits ledger.
 */
export const DASHBOARD_INDEXES = {
  /** The dashboard's own documents, newest first (the list's default ordering). */
  documents_owner_live_modified_idx: 'documents (owner_id, modified_at) where deleted_at is null',
  /** Credits balance of one user. */
  credit_ledger_user_idx: 'credit_ledger (user_id)',
  /** "How many people joined" of one inviter. */
  referrals_inviter_idx: 'referrals (inviter_id)',
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  // One row per person who joined through a referral link. The invitee's mailbox (lower-case, without a
  // "+tag") is unique, so the same person is counted once even with a second account or after the
  // account is removed (invitee_id then becomes null, the row stays).
  await db.schema
    .createTable('referrals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
    .addColumn('invitee_mailbox', 'text', (c) => c.notNull().unique())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('referrals_not_self', sql`inviter_id <> invitee_id`)
    .execute();
  // Append-only: a balance is the sum of a user's rows. One row per user and referral, so a retried
  // attribution cannot pay twice.
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('referral_id', 'integer', (c) => c.references('referrals.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_ledger_user_referral_uq', ['user_id', 'referral_id'])
    .execute();
  for (const [name, target] of Object.entries(DASHBOARD_INDEXES)) {
    await sql.raw(`create index if not exists ${name} on ${target}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(DASHBOARD_INDEXES)) await sql.raw(`drop index if exists ${name}`).execute(db);
  await db.schema.dropTable('credit_ledger').ifExists().execute();
  await db.schema.dropTable('referrals').ifExists().execute();
}
