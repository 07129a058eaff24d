import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

export async function insertClientLog(db: Db, row: Insertable<DB['client_logs']>): Promise<void> {
  await db.insertInto('client_logs').values(row).execute();
}

export async function insertAnalyticsEvent(db: Db, row: Insertable<DB['analytics_events']>): Promise<void> {
  await db.insertInto('analytics_events').values(row).execute();
}
