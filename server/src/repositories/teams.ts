import type { Db } from '../services/users';

/** Sets a team's rules for new links; false when no team has this name. */
export async function setTeamLinkRules(
  db: Db,
  name: string,
  rules: { require_link_passcode: boolean; max_link_expiry_days: number | null; blocked_viewers?: string[] },
): Promise<boolean> {
  const updated = await db.updateTable('teams').set(rules).where('name', '=', name).returning('id').execute();
  return updated.length > 0;
}

/** A team's block list for its trackable links (docs/decisions.md, *Verified viewers and block lists*); null without the team. */
export async function findTeamBlockedViewers(db: Db, teamId: number): Promise<string[] | null> {
  const row = await db.selectFrom('teams').select('blocked_viewers').where('id', '=', teamId).executeTakeFirst();
  return row ? row.blocked_viewers : null;
}

/** Replaces a team's block list; the teams table's notice drops what instances remember of it (migration 0017). */
export async function saveTeamBlockedViewers(db: Db, teamId: number, entries: string[]): Promise<string[] | null> {
  const row = await db.updateTable('teams').set({ blocked_viewers: entries }).where('id', '=', teamId).returning('blocked_viewers').executeTakeFirst();
  return row ? row.blocked_viewers : null;
}
