import { Type } from 'typebox';
import { badRequest } from '../http/errors';
import { signInSession, signOutSession } from '../http/session';
import { resetDemoData } from '../db/reset';
import type { App, RouteDeps } from './common';

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

export function devRoutes(app: App, { db, config }: RouteDeps): void {
  app.get('/dev/sign-in', { schema: { querystring: Query } }, async (request, reply) => {
    const user = await db.selectFrom('users').select('id').where('username', '=', request.query.user.toLowerCase()).executeTakeFirst();
    if (!user) throw badRequest(`Unknown demo user: ${request.query.user}`, 'UNKNOWN_USER');
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

  if (config.testMode) {
    app.post('/dev/reset', async (_request, reply) => {
      await resetDemoData(db);
      return reply.code(204).send();
    });
  }
}
