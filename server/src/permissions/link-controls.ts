import type { Licence } from '@deck/shared/api/contract';
import { LINK_CONTROL_MESSAGES, LINK_EXPIRY_MAX_DAYS } from '@deck/shared/domains/view-links/link-controls';
import type { Decision, TeamFacts } from './flags';
import { coded } from './messages';

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
  return { value: 'NOT_ALLOWED_WITH_CURRENT_FEATURES', reason: coded(LINK_CONTROL_MESSAGES, control === 'allow_list' ? 'allowListPaywall' : 'passcodePaywall') };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far ahead a link's expiry may be set: the team's maximum, else the product's (LINK_EXPIRY_MAX_DAYS). */
export function linkExpiryLimitDays(team: Pick<TeamFacts, 'max_link_expiry_days'> | null): number {
  return team?.max_link_expiry_days ?? LINK_EXPIRY_MAX_DAYS;
}

/** Whether an expiry lies further ahead than `days` from `now`. */
export function expiresBeyond(expiresAt: Date | string, days: number, now: Date): boolean {
  return new Date(expiresAt).getTime() > now.getTime() + days * DAY_MS;
}

/*
 * The team admin's rules for a link as it will be after a change (view-link controls): a passcode when the team
 * requires one, and an expiry no further ahead than the team's maximum when it sets one. They hold on every change
 * of a link, not only at its creation; the team is the acting user's, as for the spec's other switch-offs.
 */

export function teamRequiresPasscode(team: Pick<TeamFacts, 'require_link_passcode'> | null, hasPasscode: boolean): boolean {
  return !!team?.require_link_passcode && !hasPasscode;
}

/** The team's maximum expiry (in days) that the link would break, or null when it keeps the team's rule. */
export function teamExpiryBroken(team: Pick<TeamFacts, 'max_link_expiry_days'> | null, expiresAt: Date | string | null, now: Date): number | null {
  const days = team?.max_link_expiry_days;
  if (!days) return null;
  return expiresAt === null || expiresBeyond(expiresAt, days, now) ? days : null;
}
