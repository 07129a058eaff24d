import type { Db } from '../services/users';

/** A user's id and name. */
export function userName(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
}
