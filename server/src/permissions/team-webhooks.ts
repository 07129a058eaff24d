import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { coded, type CodedText } from './messages';

/**
 * Who manages a team's webhook (its address, its secret, its delivery log): the team's admins, for their own team
 * only (docs/decisions.md, *Team webhook*). Returns the team, or the refusal.
 */
export function teamWebhookTeam(user: { is_team_admin: boolean; team_id: number | null }): { teamId: number } | { refusal: CodedText } {
  if (!user.is_team_admin || user.team_id === null) return { refusal: coded(TEAM_WEBHOOK_MESSAGES, 'notAllowed') };
  return { teamId: user.team_id };
}
