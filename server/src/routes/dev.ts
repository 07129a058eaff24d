import { Type } from 'typebox';
import { MESSAGES, coded } from '../permissions/messages';
import { SingleLineText } from '../http/single-line';
import { badRequest } from '../http/errors';
import { signInSession, signOutSession } from '../http/session';
import { resetDemoData } from '../db/reset';
import { toEmailLocale } from '../mail/render';
import { resolvePendingInvites } from '../services/invitations';
import { randomToken } from '../tokens';
import { attributeReferral } from '../services/referrals';
import { rateLimitHook } from '../services/rate-limits';
import { loadUser, toCurrentUser } from '../services/users';
import { clearReferralToken, readReferralToken } from '../http/referral-cookie';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '@deck/shared/validation/email';
import type { DemoSignUpResponse, ReferralSignUpOutcome } from '@deck/shared/api/contract';
import { acceptInvitation, InvitationToken } from './invitations';
import { loadInvitation } from '../repositories/invitations';
import { findUserByUsername, findUserIdByEmail, insertUser, setUserLocale } from '../repositories/users';
import { setFeatureSwitch } from '../repositories/feature-switches';
import { setTeamLinkRules } from '../repositories/teams';
import { insertDocuments } from '../repositories/documents';
import { INVITATION_MESSAGES } from '../messages/invitations';
import { devMailRoutes } from './dev-mail';
import { forbidden, notFound } from '../http/errors';
import { linkOrigin, type App, type RouteDeps } from './common';
import { sendAccessEndingNotices } from '../services/collaborator-expiry';
import {
  LINK_ALLOWED_VIEWER_MAX_LENGTH,
  LINK_BLOCKED_VIEWERS_MAX,
  LINK_CONTROL_MESSAGES,
  LINK_EXPIRY_MAX_DAYS,
  normalizeAllowListEntry,
} from '@deck/shared/domains/view-links/link-controls';
import { DateTimeText } from '../http/date-time';
import { DEMO_CARD_PROVIDER_SCRIPT } from '../payments/demo-card-provider';
import { DEMO_CARD_PROVIDER_PATH } from '../config';
import { DEV_MESSAGES } from '../messages/dev-sign-up';

/** Only same-site relative paths starting with a single '/' are followed; anything else goes to '/'. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if ([...next].some((c) => c <= '\u001f' || c === '\u007f')) return '/';
  return next;
}

const Query = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 64 }),
  next: Type.Optional(Type.String({ maxLength: 2000 })),
});

export function devRoutes(app: App, { db, config }: RouteDeps): void {
  app.get(DEMO_CARD_PROVIDER_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(DEMO_CARD_PROVIDER_SCRIPT),
  );

  app.get('/dev/sign-in', { schema: { querystring: Query } }, async (request, reply) => {
    const user = await findUserByUsername(db, request.query.user.toLowerCase());
    if (!user) throw badRequest(coded(DEV_MESSAGES, 'unknownUser', { user: request.query.user }), 'UNKNOWN_USER');
    // The sign-in is where the demo learns a user's address is theirs: pending invites for it resolve,
    // and the language they use becomes the language of their e-mails.
    await resolvePendingInvites(db, user);
    const locale = toEmailLocale(request.cookies.language) ?? toEmailLocale(request.headers['accept-language']);
    if (locale) await setUserLocale(db, user.id, locale);
    // A fresh server-side session (and CSRF token) on every sign-in.
    await signInSession(db, request, reply, config, user.id);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(safeNext(request.query.next), 302);
  });

  app.get('/dev/sign-out', { schema: { querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 2000 })) }) } }, async (request, reply) => {
    await signOutSession(db, request, reply, config);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(safeNext(request.query.next), 302);
  });

  devMailRoutes(app, { db, config });

  /**
   * The demo's stand-in for signing up: whoever holds a pending invitation for an address with no
   * account gets a demo user for that address, is signed in as it and accepts the invitation.
   */
  app.post(
    '/dev/invitation-user',
    { schema: { body: Type.Object({ token: InvitationToken }, { additionalProperties: false }) } },
    async (request, reply) => {
      const result = await db.transaction().execute(async (trx) => {
        const inv = await loadInvitation(trx, request.body.token, config.now());
        if (!inv) throw notFound(coded(INVITATION_MESSAGES, 'notFound'));
        const existing = await findUserIdByEmail(trx, inv.email);
        if (existing) throw forbidden(coded(DEV_MESSAGES, 'accountExists'), 'ACCOUNT_EXISTS');
        const local = inv.email.split('@')[0].replace(/[^a-z0-9]/g, '').slice(0, 40) || 'guest';
        const user = await insertUser(trx, {
            oid: randomToken(12),
            username: `${local}-${randomToken(4).toLowerCase().replace(/[^a-z0-9]/g, '')}`,
            first_name: local.charAt(0).toUpperCase() + local.slice(1),
            last_name: '',
            email: inv.email,
            licence: null,
            team_id: null,
          locale: toEmailLocale(request.cookies.language),
        });
        const accepted = await acceptInvitation(trx, request.body.token, user, config.now());
        await resolvePendingInvites(trx, user);
        return { user, accepted };
      });
      await signInSession(db, request, reply, config, result.user.id);
      reply.header('Cache-Control', 'no-store');
      return result.accepted;
    },
  );

  /**
   * The demo's sign-up: a new demo user for an address with no account, signed in at once. A
   * referral token the visitor arrived with (the `deck_referral` cookie) attributes them to the inviter and
   * credits both, in the same transaction; the token is used up either way.
   */
  app.post(
    '/dev/sign-up',
    {
      schema: {
        body: Type.Object(
          { first_name: SingleLineText({ maxLength: 60, required: true }), email: Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH }) },
          { additionalProperties: false },
        ),
      },
      preHandler: rateLimitHook(db, config, 'sign-in'),
    },
    async (request, reply): Promise<DemoSignUpResponse> => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
      const token = readReferralToken(request);
      const signedInUserId = request.currentUser?.id ?? null;
      const result = await db.transaction().execute(async (trx) => {
        const existing = await findUserIdByEmail(trx, email);
        if (existing) throw forbidden(coded(DEV_MESSAGES, 'accountExistsSignIn'), 'ACCOUNT_EXISTS');
        const local = email.split('@')[0].replace(/[^a-z0-9]/g, '').slice(0, 40) || 'guest';
        const user = await insertUser(trx, {
            oid: randomToken(12),
            username: `${local}-${randomToken(4).toLowerCase().replace(/[^a-z0-9]/g, '')}`,
            first_name: request.body.first_name.trim(),
            last_name: '',
            email,
            licence: null,
            team_id: null,
          locale: toEmailLocale(request.cookies.language),
        });
        await resolvePendingInvites(trx, user);
        let referral: ReferralSignUpOutcome = 'none';
        let credits = 0;
        if (token) {
          const outcome = await attributeReferral(trx, user, token, { credits: config.referralRewardCredits, signedInUserId });
          referral = outcome.status;
          if (outcome.status === 'credited') credits = outcome.credits;
        }
        return { userId: user.id, referral, credits };
      });
      if (token) clearReferralToken(reply, config);
      await signInSession(db, request, reply, config, result.userId);
      reply.header('Cache-Control', 'no-store');
      const user = (await loadUser(db, result.userId))!;
      return { user: toCurrentUser(user), referral: result.referral, credits: result.credits };
    },
  );

  if (config.testMode) {
    app.post('/dev/reset', async (_request, reply) => {
      await resetDemoData(db);
      return reply.code(204).send();
    });

    // Browser tests of a switch's two sides (a design with and without trackable links) set it (test mode only).
    app.post(
      '/dev/feature-switches',
      {
        schema: {
          body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), enabled: Type.Boolean() }, { additionalProperties: false }),
        },
      },
      async (request, reply) => {
        const { name, enabled } = request.body;
        await setFeatureSwitch(db, name, enabled);
        return reply.code(204).send();
      },
    );

    // Browser tests of what ends at a time set the server's clock (server/src/clock.ts; test mode only, never
    // production). The notices of access that ends soon are written at once for the new time.
    const clock = config.clock;
    if (clock) {
      app.post(
        '/dev/clock',
        { schema: { body: Type.Object({ now: Type.Union([DateTimeText(), Type.Null()]) }, { additionalProperties: false }) } },
        async (request, reply) => {
          clock.set(request.body.now === null ? null : new Date(request.body.now));
          await sendAccessEndingNotices(db, config.now(), linkOrigin(config, request));
          return reply.code(200).send({ now: config.now().toISOString() });
        },
      );
    }

    // Browser tests of a team's rules for new links set them (test mode only; the host product's admin sets them).
    app.post(
      '/dev/team-link-rules',
      {
        schema: {
          body: Type.Object(
            {
              team: Type.String({ minLength: 1, maxLength: 100 }),
              require_link_passcode: Type.Boolean(),
              max_link_expiry_days: Type.Union([Type.Integer({ minimum: 1, maximum: LINK_EXPIRY_MAX_DAYS }), Type.Null()]),
              // The team's block list (docs/decisions.md, *Verified viewers and block lists*); absent keeps it.
              blocked_viewers: Type.Optional(
                Type.Array(Type.String({ minLength: 1, maxLength: LINK_ALLOWED_VIEWER_MAX_LENGTH }), { maxItems: LINK_BLOCKED_VIEWERS_MAX }),
              ),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request, reply) => {
        const { team, require_link_passcode, max_link_expiry_days, blocked_viewers } = request.body;
        const entries = blocked_viewers?.map((raw) => ({ raw, entry: normalizeAllowListEntry(raw) }));
        const wrong = entries?.find(({ entry }) => entry === null);
        if (wrong) throw badRequest(coded(LINK_CONTROL_MESSAGES, 'allowListEntry', { entry: wrong.raw.trim() }), 'INVALID_BLOCKED_VIEWER');
        const blocked = entries ? { blocked_viewers: [...new Set(entries.map(({ entry }) => entry!))] } : {};
        if (!(await setTeamLinkRules(db, team, { require_link_passcode, max_link_expiry_days, ...blocked }))) {
          throw badRequest(coded(DEV_MESSAGES, 'unknownTeam', { team }), 'UNKNOWN_TEAM');
        }
        return reply.code(204).send();
      },
    );

    // Browser tests of paging need more documents than the demo seeds (test mode only, like the reset).
    app.post(
      '/dev/documents',
      { schema: { body: Type.Object({ owner: Type.String({ minLength: 1, maxLength: 64 }), count: Type.Integer({ minimum: 1, maximum: 50 }) }, { additionalProperties: false }) } },
      async (request, reply) => {
        const owner = await findUserByUsername(db, request.body.owner);
        if (!owner) throw badRequest(coded(DEV_MESSAGES, 'unknownUser', { user: request.body.owner }), 'UNKNOWN_USER');
        const base = Date.UTC(2024, 0, 1);
        await insertDocuments(
          db,
          Array.from({ length: request.body.count }, (_, i) => ({
            oid: `x${randomToken(9).replace(/[^A-Za-z0-9]/g, '0')}`,
            schema_version_name: 'PITCH',
            title: `Extra document ${String(i + 1).padStart(2, '0')}`,
            privacy: 'open' as const,
            owner_id: owner.id,
            modified_at: new Date(base + i * 60_000),
            view_token: randomToken(16),
          })),
        );
        return reply.code(204).send();
      },
    );
  }
}
