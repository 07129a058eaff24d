import type { Licence } from '@deck/shared/api/contract';
import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import type { Decision, TeamFacts } from './flags';

export type LinkControl = 'passcode' | 'expiry' | 'allow_list';

/**
 * Which plan unlocks which view-link control (docs/decisions.md, "Protected trackable links"): a passcode and an
 * expiry date with any paid licence, like analytics; an allow list of addresses with Premium or Pro. A team that
 * requires a passcode or a maximum expiry gives its members that control whatever their own plan.
 */
export function decideLinkControl(user: { licence: Licence | null; team: TeamFacts | null }, control: LinkControl): Decision {
  const paid = user.licence !== null;
  if (control === 'passcode' && (paid || user.team?.require_link_passcode)) return { value: 'ALLOWED' };
  if (control === 'expiry' && (paid || user.team?.max_link_expiry_days)) return { value: 'ALLOWED' };
  if (control === 'allow_list' && (user.licence === 'premium' || user.licence === 'pro')) return { value: 'ALLOWED' };
  const reason = control === 'allow_list' ? LINK_CONTROL_MESSAGES.allowListPaywall : LINK_CONTROL_MESSAGES.passcodePaywall;
  return { value: 'NOT_ALLOWED_WITH_CURRENT_FEATURES', reason };
}
