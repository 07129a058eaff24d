import { LINK_BLOCKED_VIEWERS_MAX } from '@deck/shared/domains/view-links/link-controls';

/**
 * A team's block list (docs/api.md, *Team block list*): addresses and `@domain` entries that none of the team's
 * trackable links lets in, set by the team's admins on the team settings page.
 */
export const TEAM_BLOCKED_VIEWERS_PATH = '/api/v1/team/blocked-viewers/';

/** Entries a team's block list holds at most: as many as a link's. */
export const TEAM_BLOCKED_VIEWERS_MAX = LINK_BLOCKED_VIEWERS_MAX;

/** GET and PUT answer: the list as stored (normalised, `@domain` as `*@domain`), and its limit. */
export interface TeamBlockedViewers {
  entries: string[];
  max: number;
}

/** PUT body: the whole list, as typed; the server normalises each entry and names any it refuses. */
export interface TeamBlockedViewersBody {
  entries: string[];
}
