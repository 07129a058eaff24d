import { Type } from 'typebox';
import { badRequest } from '../http/errors';
import { signInSession, signOutSession } from '../http/session';
import { resetDemoData } from '../db/reset';
import { toEmailLocale } from '../mail/render';
import { resolvePendingInvites } from '../services/invitations';
import { randomToken } from '../services/tokens';
import { acceptInvitation, INVITATION_MESSAGES, InvitationToken, loadInvitation } from './invitations';
import { devMailRoutes } from './dev-mail';
import { forbidden, notFound } from '../http/errors';
import type { App, RouteDeps } from './common';
import { DEMO_CARD_PROVIDER_PATH, DEMO_CARD_PROVIDER_SCRIPT } from '../payments/demo-card-provider';

/** Only same-site relative paths starting with a single '/' are followed; anything else goes to '/'. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}

const Query = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 64 }),
  next: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const DEV_MESSAGES = {
  accountExists: 'An account with this address exists: sign in with it to accept the invitation.',
} as const;

export function devRoutes(app: App, { db, config }: RouteDeps): void {
  app.get(DEMO_CARD_PROVIDER_PATH, async (_request, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(DEMO_CARD_PROVIDER_SCRIPT),
  );

  app.get('/dev/sign-in', { schema: { querystring: Query } }, async (request, reply) => {
    const user = await db.selectFrom('users').select(['id', 'email']).where('username', '=', request.query.user.toLowerCase()).executeTakeFirst();
    if (!user) throw badRequest(`Unknown demo user: ${request.query.user}`, 'UNKNOWN_USER');
    // The sign-in is where the demo learns a user's address is theirs: pending invites for it resolve,
    // and the language they use becomes the language of their e-mails.
    await resolvePendingInvites(db, user);
    const locale = toEmailLocale(request.cookies.language) ?? toEmailLocale(request.headers['accept-language']);
    if (locale) await db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
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
   * The demo's stand-in for signing up (issue 11): whoever holds a pending invitation for an address with no
   * account gets a demo user for that address, is signed in as it and accepts the invitation.
   */
  app.post(
    '/dev/invitation-user',
    { schema: { body: Type.Object({ token: InvitationToken }, { additionalProperties: false }) } },
    async (request, reply) => {
      const result = await db.transaction().execute(async (trx) => {
        const inv = await loadInvitation(trx, request.body.token, config.now());
        if (!inv) throw notFound(INVITATION_MESSAGES.notFound);
        const existing = await trx.selectFrom('users').select('id').where('email', '=', inv.email).executeTakeFirst();
        if (existing) throw forbidden(DEV_MESSAGES.accountExists, 'ACCOUNT_EXISTS');
        const local = inv.email.split('@')[0].replace(/[^a-z0-9]/g, '').slice(0, 40) || 'guest';
        const user = await trx
          .insertInto('users')
          .values({
            oid: randomToken(12),
            username: `${local}-${randomToken(4).toLowerCase().replace(/[^a-z0-9]/g, '')}`,
            first_name: local.charAt(0).toUpperCase() + local.slice(1),
            last_name: '',
            email: inv.email,
            licence: null,
            team_id: null,
            locale: toEmailLocale(request.cookies.language),
          })
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
        const accepted = await acceptInvitation(trx, request.body.token, user, config.now());
        await resolvePendingInvites(trx, user);
        return { user, accepted };
      });
      await signInSession(db, request, reply, config, result.user.id);
      reply.header('Cache-Control', 'no-store');
      return result.accepted;
    },
  );

  if (config.testMode) {
    app.post('/dev/reset', async (_request, reply) => {
      await resetDemoData(db);
      return reply.code(204).send();
    });
  }
}
