import type { Db } from '../services/users';

/** The newest e-mails of the outbox (the demo's mailbox). */
export function latestOutboxMail(db: Db, limit: number) {
  return db.selectFrom('outbox').select(['id', 'to_email', 'subject', 'status', 'attempts', 'created_at']).orderBy('id', 'desc').limit(limit).execute();
}

export function findOutboxMail(db: Db, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
