import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_URL_MAX_LENGTH,
  type TeamWebhook,
  type WebhookDeliveryPage,
} from '@deck/shared/domains/team-webhooks/webhook-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { coded } from '../permissions/messages';
import { adminsOwnTeam } from '../permissions/team-admin';
import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { deleteTeamWebhook, findTeamWebhook, replaceWebhookSecret, saveTeamWebhook, teamDeliveries } from '../repositories/team-webhooks';
import { rateLimitHook } from '../services/rate-limits';
import { webhookUrlProblem, type UrlProblem } from '../services/webhook-address';
import { newWebhookSecret, sealWebhookSecret } from '../services/webhook-secrets';
import { noStore, requireUser, type App, type RouteDeps } from './common';

const WebhookBody = Type.Object({ url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX_LENGTH }) }, { additionalProperties: false });
const DeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WEBHOOK_DELIVERIES_PAGE_MAX })),
  before: Type.Optional(Type.Integer({ minimum: 1 })),
});

const URL_REFUSALS: Record<UrlProblem, keyof typeof TEAM_WEBHOOK_MESSAGES> = { invalid: 'urlInvalid', not_https: 'urlNotHttps', not_public: 'urlNotPublic' };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A team's webhook (docs/api.md, *Team webhook*): its admins set one address, get the signing secret once (on
 * creation and on each rotation), and read the delivery log. Everyone else is refused.
 */
export function teamWebhookRoutes(app: App, { db, config }: RouteDeps) {
  const addressPolicy = { allowLocalHttp: config.webhooks.allowLocalHttp && !config.production };
  const changeLimit = rateLimitHook(db, config, 'team-settings');

  /** The admin's own team, the only one whose webhook they manage. */
  function adminTeam(request: FastifyRequest): number {
    const decision = adminsOwnTeam(requireUser(request), coded(TEAM_WEBHOOK_MESSAGES, 'notAllowed'));
    if ('refusal' in decision) throw forbidden(decision.refusal, 'NOT_ALLOWED');
    return decision.teamId;
  }

  const answer = (row: { url: string; created_at: Date; secret_created_at: Date }, secret?: string): TeamWebhook => ({
    url: row.url,
    created_at: row.created_at.toISOString(),
    secret_created_at: row.secret_created_at.toISOString(),
    ...(secret ? { secret } : {}),
  });

  app.get('/api/v1/team/webhook/', async (request, reply): Promise<TeamWebhook> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const row = await findTeamWebhook(db, teamId);
    if (!row) throw notFound(coded(TEAM_WEBHOOK_MESSAGES, 'noWebhook'));
    return answer(row);
  });

  app.put('/api/v1/team/webhook/', { schema: { body: WebhookBody }, preHandler: changeLimit }, async (request, reply): Promise<TeamWebhook> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const url = request.body.url.trim();
    const problem = webhookUrlProblem(url, addressPolicy);
    if (problem) throw badRequest(coded(TEAM_WEBHOOK_MESSAGES, URL_REFUSALS[problem]), 'INVALID_WEBHOOK_URL');
    const secret = newWebhookSecret();
    const created = await saveTeamWebhook(db, teamId, url, sealWebhookSecret(config.sessionSecret, teamId, secret), config.now());
    const row = await findTeamWebhook(db, teamId);
    if (!row) throw notFound(coded(TEAM_WEBHOOK_MESSAGES, 'noWebhook'));
    reply.code(created ? 201 : 200);
    return answer(row, created ? secret : undefined);
  });

  app.delete('/api/v1/team/webhook/', { preHandler: changeLimit }, async (request, reply) => {
    noStore(reply);
    const teamId = adminTeam(request);
    if (!(await deleteTeamWebhook(db, teamId))) throw notFound(coded(TEAM_WEBHOOK_MESSAGES, 'noWebhook'));
    reply.code(204);
  });

  app.post('/api/v1/team/webhook/secret/', { preHandler: changeLimit }, async (request, reply): Promise<TeamWebhook> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const secret = newWebhookSecret();
    if (!(await replaceWebhookSecret(db, teamId, sealWebhookSecret(config.sessionSecret, teamId, secret), config.now()))) {
      throw notFound(coded(TEAM_WEBHOOK_MESSAGES, 'noWebhook'));
    }
    const row = await findTeamWebhook(db, teamId);
    if (!row) throw notFound(coded(TEAM_WEBHOOK_MESSAGES, 'noWebhook'));
    return answer(row, secret);
  });

  app.get('/api/v1/team/webhook/deliveries/', { schema: { querystring: DeliveriesQuery } }, async (request, reply): Promise<WebhookDeliveryPage> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const limit = request.query.limit ?? WEBHOOK_DELIVERIES_PAGE_SIZE;
    const rows = await teamDeliveries(db, teamId, limit, request.query.before);
    const shown = rows.slice(0, limit);
    return {
      deliveries: shown.map((row) => ({
        id: row.delivery_id,
        event: row.event,
        status: row.status,
        attempts: row.attempts,
        last_http_status: row.last_http_status,
        last_error: row.last_error,
        created_at: row.created_at.toISOString(),
        last_attempt_at: iso(row.last_attempt_at),
        next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
        delivered_at: iso(row.delivered_at),
      })),
      next_before: rows.length > limit ? Number(shown[shown.length - 1].id) : null,
    };
  });
}
