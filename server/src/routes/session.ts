import { Type } from 'typebox';
import type { SessionResponse } from '@deck/shared/api/contract';
import { HttpError } from '../http/errors';
import { signInSession, signOutSession } from '../http/session';
import { userForIdentity } from '../services/host-users';
import { clearReferralToken, readReferralToken } from '../http/referral-cookie';
import { createIdentityVerifier, IdentityKeysUnavailableError, IdentityTokenError } from '../services/identity';
import { rateLimitHook } from '../services/rate-limits';
import { endUserSessions } from '../services/sessions';
import { loadUser, toCurrentUser } from '../services/users';
import { noStore, requireUser, type App, type RouteDeps } from './common';
import { IDENTITY_KEYS_UNAVAILABLE_MESSAGE } from '../messages/session';

/** The longest identity token the exchange reads (a longer body is a 400 before any decoding). */
export const MAX_IDENTITY_TOKEN_LENGTH = 8192;

const TokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: MAX_IDENTITY_TOKEN_LENGTH }) }, { additionalProperties: false });

/**
 * Who is signed in; signing in with the host product's identity token (offered when a key is configured; the only
 * sign-in in production), signing out, and signing out everywhere.
 */
export function sessionRoutes(app: App, { db, config }: RouteDeps): void {
  app.get('/api/v1/session/', async (request, reply): Promise<SessionResponse> => {
    noStore(reply);
    return { user: request.currentUser ? toCurrentUser(request.currentUser) : null };
  });

  if (config.identity) {
    const verify = createIdentityVerifier(config.identity);
    app.post(
      '/api/v1/session/',
      { schema: { body: TokenBody }, preHandler: rateLimitHook(db, config, 'sign-in') },
      async (request, reply): Promise<SessionResponse> => {
        noStore(reply);
        let verified;
        try {
          verified = await verify(request.body.token);
        } catch (err) {
          if (err instanceof IdentityTokenError) {
            request.log.info({ reason: err.message }, 'identity token refused');
            throw new HttpError(401, err.message, 'INVALID_IDENTITY_TOKEN');
          }
          if (err instanceof IdentityKeysUnavailableError) {
            // The host's key set is away: nobody can sign in until it is back, which the operator must hear about.
            request.log.error({ reason: err.message, jwks_url: config.identity?.jwksUrl }, 'identity keys unavailable: the host key set (HOST_IDENTITY_JWKS_URL) could not be fetched');
            throw new HttpError(503, IDENTITY_KEYS_UNAVAILABLE_MESSAGE, 'IDENTITY_KEYS_UNAVAILABLE', { 'Retry-After': '5' }, {}, { message_code: 'identity_keys_unavailable' });
          }
          throw err;
        }
        const token = readReferralToken(request);
        const { userId } = await userForIdentity(
          db,
          verified,
          // The inviter's own session exchanging another account's token credits nobody (as the demo's sign-up).
          token ? { token, credits: config.referralRewardCredits, signedInUserId: request.currentUser?.id ?? null } : undefined,
        );
        // Used or not (an existing user signing in is no sign-up), the link has done its work.
        if (token) clearReferralToken(reply, config);
        await signInSession(db, request, reply, config, userId);
        const user = await loadUser(db, userId);
        return { user: user ? toCurrentUser(user) : null };
      },
    );
  }

  app.post('/api/v1/session/sign-out/', async (request, reply) => {
    noStore(reply);
    await signOutSession(db, request, reply, config);
    return reply.code(204).send();
  });

  app.post('/api/v1/session/sign-out-everywhere/', async (request, reply) => {
    noStore(reply);
    const user = requireUser(request);
    await endUserSessions(db, user.id);
    await signOutSession(db, request, reply, config);
    // Every session's live streams end with it: here at once, on other instances when the sessions' notice arrives.
    app.liveStreams.endUser(user.id);
    return reply.code(204).send();
  });
}
