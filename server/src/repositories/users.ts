import type { Db } from '../services/users';

/** A user's id and name. */
export function userName(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A user's language (for the e-mails they get). */
export function userLocale(db: Db, userId: number) {
  return db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirstOrThrow();
}
