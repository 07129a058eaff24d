import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { LINK_ALLOWED_VIEWER_MAX_LENGTH, LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import { TEAM_BLOCKED_VIEWERS_MAX, TEAM_BLOCKED_VIEWERS_PATH, type TeamBlockedViewers } from '@deck/shared/domains/team-settings/blocked-viewers-contract';
import { forbidden, notFound } from '../http/errors';
import { FieldViolations } from '../http/field-violations';
import { viewerList } from '../http/viewer-list';
import { coded } from '../permissions/messages';
import { adminsOwnTeam } from '../permissions/team-admin';
import { TEAM_BLOCK_LIST_MESSAGES } from '../messages/team-block-list';
import { findTeamBlockedViewers, saveTeamBlockedViewers } from '../repositories/teams';
import { rateLimitHook } from '../services/rate-limits';
import { noStore, requireUser, type App, type RouteDeps } from './common';

// Longer lists are refused in the handler, with the list's own message (blockListTooLong), after normalising:
// repeats and `@domain`/`*@domain` pairs count once.
const BlockListBody = Type.Object(
  { entries: Type.Array(Type.String({ minLength: 1, maxLength: LINK_ALLOWED_VIEWER_MAX_LENGTH }), { maxItems: 1000 }) },
  { additionalProperties: false },
);

/**
 * A team's block list (docs/api.md, *Team block list*): addresses and domains none of the team's trackable links
 * lets in (permissions/link-viewers.ts), read and replaced by the team's admins; everyone else is refused.
 */
export function teamBlockListRoutes(app: App, { db, config }: RouteDeps) {
  const changeLimit = rateLimitHook(db, config, 'team-settings');

  function adminTeam(request: FastifyRequest): number {
    const decision = adminsOwnTeam(requireUser(request), coded(TEAM_BLOCK_LIST_MESSAGES, 'notAllowed'));
    if ('refusal' in decision) throw forbidden(decision.refusal, 'NOT_ALLOWED');
    return decision.teamId;
  }

  const answer = (entries: string[] | null): TeamBlockedViewers => {
    if (entries === null) throw notFound(coded(TEAM_BLOCK_LIST_MESSAGES, 'noTeam'));
    return { entries, max: TEAM_BLOCKED_VIEWERS_MAX };
  };

  app.get(TEAM_BLOCKED_VIEWERS_PATH, async (request, reply): Promise<TeamBlockedViewers> => {
    noStore(reply);
    return answer(await findTeamBlockedViewers(db, adminTeam(request)));
  });

  app.put(TEAM_BLOCKED_VIEWERS_PATH, { schema: { body: BlockListBody }, preHandler: changeLimit }, async (request, reply): Promise<TeamBlockedViewers> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const broken = new FieldViolations<'entries'>();
    const entries = viewerList(request.body.entries, 'entries', 'INVALID_BLOCKED_VIEWER', broken);
    if (entries.length > TEAM_BLOCKED_VIEWERS_MAX) broken.add('entries', 400, 'INVALID_BLOCKED_VIEWER', coded(LINK_CONTROL_MESSAGES, 'blockListTooLong'));
    broken.throwIfAny({ code: 'INVALID_BLOCKED_VIEWER', message: coded(TEAM_BLOCK_LIST_MESSAGES, 'severalBroken') });
    return answer(await saveTeamBlockedViewers(db, teamId, entries));
  });
}
