import type { Licence } from '@deck/shared/api/contract';
import { LINK_CONTROL_MESSAGES, LINK_EXPIRY_MAX_DAYS } from '@deck/shared/domains/view-links/link-controls';
import type { Decision, TeamFacts } from './flags';
import { coded } from './messages';

/** 'verification' (the switch "Require a verified e-mail") and 'block_list' go with the allow list (link-viewers.ts). */
export type LinkControl = 'passcode' | 'expiry' | 'allow_list' | 'verification' | 'block_list';

/** A team admin's rules for trackable links (view-link controls). */
export type LinkRules = Pick<TeamFacts, 'require_link_passcode' | 'max_link_expiry_days'>;

/**
 * The team rules a link of a document keeps: those of the document's owner's team (the document belongs to that
 * team, whoever makes the link: an editor from outside it included) and those of the acting user's own team (its
 * switches apply to everything the user does), the stricter of each; null when neither team has a rule.
 */
export function linkRulesFor(userTeam: LinkRules | null, ownerTeam: LinkRules | null): LinkRules | null {
  const require = !!userTeam?.require_link_passcode || !!ownerTeam?.require_link_passcode;
  const days = [userTeam?.max_link_expiry_days, ownerTeam?.max_link_expiry_days].filter((d): d is number => !!d);
  if (!require && days.length === 0) return null;
  return { require_link_passcode: require, max_link_expiry_days: days.length ? Math.min(...days) : null };
}

/**
 * Whether the team rules ask every link for a protection the unlisted link cannot carry (it has neither a passcode
 * nor an expiry): then no unlisted link is made, since it would be a link outside the rule.
 */
export function rulesRefuseUnlistedLink(rules: LinkRules | null): boolean {
  return !!rules?.require_link_passcode || !!rules?.max_link_expiry_days;
}

/**
 * Which plan unlocks which view-link control (docs/decisions.md, "Protected trackable links"): a passcode and an
 * expiry date with any paid licence, like analytics; an allow list of addresses, a verified e-mail and a block list
 * (the controls by address) with Premium or Pro. Team rules that
 * require a passcode or a maximum expiry (linkRulesFor) give that control whatever the user's own plan.
 */
export function decideLinkControl(user: { licence: Licence | null }, rules: LinkRules | null, control: LinkControl): Decision {
  const paid = user.licence !== null;
  if (control === 'passcode' && (paid || rules?.require_link_passcode)) return { value: 'ALLOWED' };
  if (control === 'expiry' && (paid || rules?.max_link_expiry_days)) return { value: 'ALLOWED' };
  const byAddress = control === 'allow_list' || control === 'verification' || control === 'block_list';
  if (byAddress && (user.licence === 'premium' || user.licence === 'pro')) return { value: 'ALLOWED' };
  return { value: 'NOT_ALLOWED_WITH_CURRENT_FEATURES', reason: coded(LINK_CONTROL_MESSAGES, byAddress ? 'allowListPaywall' : 'passcodePaywall') };
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
 * The team rules for a link as it will be after a change (view-link controls): a passcode when they require one, and
 * an expiry no further ahead than their maximum when they set one. They hold on every change of a link, not only at
 * its creation; the rules are linkRulesFor's (the document's owner's team and the acting user's).
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
