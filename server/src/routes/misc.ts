import { Type } from 'typebox';
import type {
  Contact,
  DemoListing,
  FeatureSwitchesResponse,
  ReferralData,
  PageConfig,
  RuntimeConfig,
  SessionResponse,
} from '@deck/shared/api/contract';
import type { FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type ServerConfig } from '../config';
import { badRequest, forbidden } from '../http/errors';
import { MESSAGES } from '../permissions/messages';
import { randomToken } from '../tokens';
import { referralStanding } from '../services/referrals';
import { fullName, toCurrentUser } from '../services/users';
import { rateLimitHook } from '../services/rate-limits';
import { BoolQuery, Identifier, noStore, linkOrigin, requireUser, type App, type RouteDeps } from './common';
import { MESSAGES_REFERRAL_LIMIT } from '../messages/referral';

const LogEntry = Type.Object(
  {
    level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]),
    message: Type.String({ maxLength: 2000 }),
    object: Type.Optional(Type.String({ maxLength: 200 })),
    action: Type.Optional(Type.String({ maxLength: 200 })),
    trigger: Type.Optional(Type.String({ maxLength: 200 })),
    category: Type.Optional(Type.String({ maxLength: 200 })),
    source: Type.Optional(Type.String({ maxLength: 200 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    platform: Type.Optional(Type.String({ maxLength: 200 })),
    session_id: Type.Optional(Type.String({ maxLength: 200 })),
    client_time: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);

const AnalyticsEvent = Type.Object({
  core: Type.Object({
    type: Type.String({ maxLength: 200 }),
    schema_id: Type.String({ maxLength: 200 }),
    client_time: Type.String({ maxLength: 100 }),
    event_source: Type.String({ maxLength: 200 }),
    event_type: Type.String({ maxLength: 200 }),
  }),
  platform: Type.String({ maxLength: 200 }),
  user: Type.Object({ session_id: Type.String({ maxLength: 200 }) }),
  body: Type.Object({ event_name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true }),
});

/** The run-time configuration of /config.json, which the server also writes into every page it serves (static.ts). */
export function runtimeConfigFor(config: ServerConfig, request: FastifyRequest): PageConfig {
  const base = linkOrigin(config, request);
  const absolute = (url: string) => new URL(url, base).toString();
  const remotes = {} as RuntimeConfig['remotes'];
  for (const name of REMOTE_NAMES) remotes[name] = absolute(config.remotes[name] ?? `/remotes/${name}/mf-manifest.json`);
  const { apiBase, apiV1Base, viewLinkApiBase, productSiteUrl } = config.publicUrls;
  return {
    shortName: config.shortName,
    apiBase: absolute(apiBase),
    ...(apiV1Base ? { apiV1Base: absolute(apiV1Base) } : {}),
    // A spec path (the default /api/v1/prezilink) stays one: the client maps it onto apiV1Base, which follows apiBase.
    viewLinkApiBase: /^\/api\/v[14](\/|$)/.test(viewLinkApiBase) ? viewLinkApiBase : absolute(viewLinkApiBase),
    productSiteUrl: absolute(productSiteUrl),
    remotes,
    preProduction: config.preProduction,
    recordLocalAnalytics: config.recordLocalAnalytics,
    ...(config.cardPayments ? { cardPayments: { scriptUrl: absolute(config.cardPayments.scriptUrl), globalName: config.cardPayments.globalName } } : {}),
    demo: config.devSignIn,
    ...(config.hostSignIn ? { hostSignInUrl: config.hostSignIn.url } : {}),
  };
}

export function miscRoutes(app: App, { db, config }: RouteDeps): void {
  app.get('/api/v1/session/', async (request, reply): Promise<SessionResponse> => {
    noStore(reply);
    return { user: request.currentUser ? toCurrentUser(request.currentUser) : null };
  });

  // The demo's index. Production has no such listing. Anonymous visitors see only open documents and
  // no folders: a closed document's title is not theirs to read.
  if (!config.production) app.get('/api/v1/demo/', async (request, reply): Promise<DemoListing> => {
    noStore(reply);
    const anonymous = !request.currentUser;
    const users = await db
      .selectFrom('users as u')
      .leftJoin('teams as t', 't.id', 'u.team_id')
      .select(['u.username', 'u.first_name', 'u.last_name', 'u.licence', 't.name as team_name'])
      .orderBy('u.id')
      .execute();
    const documents = await db
      .selectFrom('documents as d')
      .innerJoin('users as u', 'u.id', 'd.owner_id')
      .select(['d.oid', 'd.title', 'd.schema_version_name', 'u.username'])
      .where('d.deleted_at', 'is', null)
      .$if(anonymous, (qb) => qb.where('d.privacy', '=', 'open'))
      .orderBy('d.id')
      .execute();
    const folders = anonymous
      ? []
      : await db
          .selectFrom('folders as f')
          .innerJoin('users as u', 'u.id', 'f.creator_id')
          .select(['f.id', 'f.uuid', 'f.name', 'u.username'])
          .orderBy('f.id')
          .execute();
    return {
      users: users.map((u) => ({ username: u.username, firstName: u.first_name, lastName: u.last_name, licence: u.licence, teamName: u.team_name ?? null })),
      documents: documents.map((d) => ({
        oid: d.oid,
        title: d.title,
        schema_version_name: d.schema_version_name as DemoListing['documents'][number]['schema_version_name'],
        owner_username: d.username,
      })),
      folders: folders.map((f) => ({ id: f.id, uuid: f.uuid, name: f.name, creator_username: f.username })),
    };
  });

  // Every URL in it is absolute (against PUBLIC_ORIGIN, else the request's origin), so a host on another origin
  // uses them as given; it is public and sent with `Access-Control-Allow-Origin: *` (http/cors.ts).
  app.get('/config.json', async (request, reply): Promise<PageConfig> => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfigFor(config, request);
  });

  app.post(
    '/api/v1/featureswitches/',
    {
      schema: {
        body: Type.Object(
          { feature_switches: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request): Promise<FeatureSwitchesResponse> => {
      const names = [...new Set(request.body.feature_switches)];
      const rows = names.length
        ? await db.selectFrom('feature_switches').select(['name', 'enabled']).where('name', 'in', names).execute()
        : [];
      const known = new Map(rows.map((r) => [r.name, r.enabled]));
      const feature_switches: Record<string, boolean> = {};
      for (const n of names) feature_switches[n] = known.get(n) ?? false;
      return { feature_switches };
    },
  );

  app.get(
    '/api/v1/contacts/',
    { schema: { querystring: Type.Object({ pitchonly: Type.Optional(BoolQuery), orgmembers: Type.Optional(BoolQuery) }) } },
    async (request, reply) => {
      noStore(reply);
      const user = requireUser(request);
      // Documents the user owns or collaborates on.
      const docIds = db
        .selectFrom('documents as d')
        .select('d.id')
        .where('d.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('d.owner_id', '=', user.id),
            eb.exists(eb.selectFrom('collaborators as c').select('c.id').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', user.id)),
          ]),
        );
      const collaborators = await db
        .selectFrom('collaborators as c')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.email', 'u.first_name', 'u.last_name'])
        .where('c.document_id', 'in', docIds)
        .execute();
      const owners = await db
        .selectFrom('documents as d')
        .innerJoin('users as u', 'u.id', 'd.owner_id')
        .select(['u.email', 'u.first_name', 'u.last_name'])
        .where('d.id', 'in', docIds)
        .execute();
      const team =
        request.query.orgmembers !== 'false' && request.query.orgmembers !== '0' && user.team_id !== null
          ? await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('team_id', '=', user.team_id).execute()
          : [];
      const byEmail = new Map<string, Contact>();
      for (const r of [...owners, ...collaborators, ...team]) {
        if (r.email === user.email || byEmail.has(r.email)) continue;
        const name = r.first_name !== null && r.last_name !== null ? fullName({ first_name: r.first_name, last_name: r.last_name }) : '';
        byEmail.set(r.email, { name: name || r.email, email: r.email });
      }
      const data = [...byEmail.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
      return { data };
    },
  );

  /** Each new campaign id adds a row, so one user may hold tokens for a bounded number of campaigns. */
  async function ensureCampaignRoom(userId: number): Promise<void> {
    const held = await db
      .selectFrom('referral_tokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= config.referralCampaignLimit) {
      throw forbidden(MESSAGES_REFERRAL_LIMIT.replace('{max}', String(config.referralCampaignLimit)), 'REFERRAL_CAMPAIGN_LIMIT');
    }
  }

  app.get(
    '/api/v1/referrals/users/:userOid/campaigns/:campaignNanoid/',
    { schema: { params: Type.Object({ userOid: Identifier, campaignNanoid: Identifier }) } },
    async (request, reply): Promise<ReferralData> => {
      noStore(reply);
      const user = requireUser(request);
      if (request.params.userOid !== user.oid) throw forbidden(MESSAGES.referralUserMismatch, 'NOT_ALLOWED');
      const campaign = request.params.campaignNanoid;
      let row = await db
        .selectFrom('referral_tokens')
        .select(['ln_token', 'email_token'])
        .where('user_id', '=', user.id)
        .where('campaign', '=', campaign)
        .executeTakeFirst();
      if (!row) {
        await ensureCampaignRoom(user.id);
        await db
          .insertInto('referral_tokens')
          .values({ user_id: user.id, campaign, ln_token: randomToken(12), email_token: randomToken(12) })
          .onConflict((oc) => oc.columns(['user_id', 'campaign']).doNothing())
          .execute();
        row = await db
          .selectFrom('referral_tokens')
          .select(['ln_token', 'email_token'])
          .where('user_id', '=', user.id)
          .where('campaign', '=', campaign)
          .executeTakeFirstOrThrow();
      }
      return {
        campaign,
        reward_credits: config.referralRewardCredits,
        tokens: { ln: row.ln_token, email: row.email_token },
        invitation_link: `${linkOrigin(config, request)}/?referral_token=${encodeURIComponent(row.ln_token)}`,
        ...(await referralStanding(db, user.id)),
      };
    },
  );

  // ---- Telemetry intake (CSRF-exempt: navigator.sendBeacon cannot set headers) ----
  app.post(
    '/api/v1/log/',
    { bodyLimit: config.telemetryMaxBytes, config: { csrfExempt: true }, schema: { body: Type.Array(LogEntry, { minItems: 1, maxItems: 1 }) }, preHandler: rateLimitHook(db, config, 'log') },
    async (request, reply) => {
      const entry = request.body[0];
      await db
        .insertInto('client_logs')
        .values({ received_at: config.now(), user_id: request.currentUser?.id ?? null, level: entry.level, message: entry.message, entry: JSON.stringify(entry) })
        .execute();
      reply.code(204);
    },
  );

  app.register(async (scope) => {
    // sendBeacon posts a string as text/plain; parse it as JSON here only.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('Body is not valid JSON', 'INVALID_JSON'), undefined);
      }
    });
    (scope as unknown as App).post(
      '/api/v1/analytics/events/',
      { bodyLimit: config.telemetryMaxBytes, config: { csrfExempt: true }, schema: { body: AnalyticsEvent }, preHandler: rateLimitHook(db, config, 'events') },
      async (request, reply) => {
        await db
          .insertInto('analytics_events')
          .values({ received_at: config.now(), user_id: request.currentUser?.id ?? null, event_name: request.body.body.event_name, payload: JSON.stringify(request.body) })
          .execute();
        reply.code(204);
      },
    );
  });
}
