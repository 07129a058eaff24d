import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

/**
 * Whether a users row (`alias`) owns its address: the host verified it, or no host token named the account (migration
 * 0021). Every read that finds "the account of an address" adds this: an address an account merely claims brings it
 * nothing shared with that address (docs/security.md, *Signing in*). Written as the bare column, so the partial unique
 * index on verified addresses serves the lookup.
 */
export function ownsAddress(alias?: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(alias ? `${alias}.email_verified` : 'email_verified')}`;
}

/** A user's id and name. */
export function userName(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A user's language (for the e-mails they get). */
export function userLocale(db: Db, userId: number) {
  return db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The account that owns an address (ownsAddress), if any. */
export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).where(ownsAddress()).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'email']).where('username', '=', username).executeTakeFirst();
}

export async function setUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

export function insertUser(db: Db, row: Insertable<DB['users']>) {
  return db.insertInto('users').values(row).returning(['id', 'email', 'email_verified']).executeTakeFirstOrThrow();
}

/**
 * Takes a user's row lock, so that what is counted per user (the link limit) is counted one request at a time.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
