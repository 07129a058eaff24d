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
