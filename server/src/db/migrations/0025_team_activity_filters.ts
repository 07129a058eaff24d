import { sql, type Kysely } from 'kysely';

/**
 * The team activity page's filters (docs/api.md, *Sharing activity*): a team's entries by one person or of one
 * kind, newest first, read from an index instead of walking the team's whole log (a million-row log in the bench).
 * The document, folder and time filters use migration 0016's indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sharing_activity_team_actor on sharing_activity (team_id, actor_id, id) where team_id is not null`.execute(db);
  await sql`create index sharing_activity_team_action on sharing_activity (team_id, action, id) where team_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sharing_activity_team_action`.execute(db);
  await sql`drop index sharing_activity_team_actor`.execute(db);
}
