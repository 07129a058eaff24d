import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

/** A user's id and name. */
export function userName(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A user's language (for the e-mails they get). */
export function userLocale(db: Db, userId: number) {
  return db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirstOrThrow();
}

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'email']).where('username', '=', username).executeTakeFirst();
}

export async function setUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

export function insertUser(db: Db, row: Insertable<DB['users']>) {
  return db.insertInto('users').values(row).returning(['id', 'email']).executeTakeFirstOrThrow();
}

/**
 * Takes a user's row lock, so that what is counted per user (the link limit) is counted one request at a time.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
