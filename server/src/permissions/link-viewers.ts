import { isOnAllowList } from '@deck/shared/domains/view-links/link-controls';

/**
 * Who may open a trackable link by their e-mail address (docs/decisions.md, *Verified viewers and block lists*): the
 * link's allow list, its switch "Require a verified e-mail", and the block lists of the link and of the teams whose
 * rules hold on it (the document's owner's and the link creator's, as linkRulesFor). The one place these are decided:
 * the gate, the code e-mail and the code's check all ask here.
 */
export interface LinkViewerRules {
  allowed_viewers: readonly string[];
  require_verification: boolean;
  blocked_viewers: readonly string[];
  /** The block lists of the teams whose rules hold on the link, together. */
  team_blocked_viewers: readonly string[];
  /** The unlisted link is no trackable link: it carries no controls, and the team's block list is not held on it. */
  is_unlisted: boolean;
}

/** The team's block list as it holds on this link: on trackable links only. */
const teamBlocked = (link: LinkViewerRules): readonly string[] => (link.is_unlisted ? [] : link.team_blocked_viewers);

/**
 * Whether the link opens only for a verified address. A block list asks for one too: a block that a visitor could pass
 * by typing another address would keep no one out.
 */
export function linkAsksVerification(link: LinkViewerRules): boolean {
  return link.require_verification || link.allowed_viewers.length > 0 || link.blocked_viewers.length > 0 || teamBlocked(link).length > 0;
}

/**
 * Why a verified address may not open the link, or null when it may: 'not_allowed' off its allow list (told nothing:
 * no code is sent, so the list cannot be read by trying addresses), 'blocked' on a block list (told so, once the
 * visitor proved the address is theirs).
 */
export function viewerRefusal(email: string, link: LinkViewerRules): 'not_allowed' | 'blocked' | null {
  if (link.allowed_viewers.length > 0 && !isOnAllowList(email, link.allowed_viewers)) return 'not_allowed';
  if (isOnAllowList(email, link.blocked_viewers) || isOnAllowList(email, teamBlocked(link))) return 'blocked';
  return null;
}
