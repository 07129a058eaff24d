import { sql } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';
import { seedDemoData } from './seed';

const TABLES: ReadonlyArray<keyof DB> = [
  'sharing_activity',
  'rate_limit_counters',
  'sessions',
  'identity_token_uses',
  'analytics_events',
  'client_logs',
  'credit_ledger',
  'referrals',
  'referral_tokens',
  'outbox',
  'access_requests',
  'invitations',
  'feature_switches',
  'folder_documents',
  'folder_members',
  'folders',
  'link_verifications',
  'link_unlock_rate_limits',
  'view_link_visits',
  'view_links',
  'likes',
  'document_team_permissions',
  'collaborators',
  'documents',
  'users',
  'teams',
];

/** Empties every table and seeds the demo data again, in one transaction (browser tests only). */
export async function resetDemoData(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`truncate table ${sql.join(TABLES.map((table) => sql.table(table)))} restart identity cascade`.execute(trx);
  });
  await seedDemoData(db);
}
