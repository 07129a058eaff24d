import type { CodedText } from './messages';

/**
 * Who manages a team's own settings (its webhook and delivery log, its block list for trackable links): the team's
 * admins, for their own team only (docs/decisions.md, *Team webhook* and *Verified viewers and block lists*).
 * Returns the team, or the refusal the caller names for what was asked.
 */
export function adminsOwnTeam(user: { is_team_admin: boolean; team_id: number | null }, refusal: CodedText): { teamId: number } | { refusal: CodedText } {
  if (!user.is_team_admin || user.team_id === null) return { refusal };
  return { teamId: user.team_id };
}
