import { Type } from 'typebox';
import { coded } from '../permissions/messages';
import type { AcceptInvitationResponse, InvitationDetails, InvitationsRemaining } from '@deck/shared/api/contract';
import { forbidden, notFound } from '../http/errors';
import { invitationsRemaining } from '../services/invitations';
import type { Db } from '../services/users';
import { loadInvitation, markInvitationAccepted } from '../repositories/invitations';
import { findUserIdByEmail } from '../repositories/users';
import { noStore, requireUser, type App, type RouteDeps } from './common';
import { INVITATION_MESSAGES } from '../messages/invitations';
import { ownsItsAddress } from '../permissions/identity';

/** Tokens are base64url; anything else cannot be one. */
export const InvitationToken = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** Spec §7: GET /presentation/invitation/{id}/ and POST /presentation/invitation/. */
export function invitationRoutes(app: App, { db, config }: RouteDeps): void {
  // How many invitations the signed-in user may still send: the add forms say so before sending.
  // It reads only the caller's own count, so any signed-in user may ask.
  app.get(
    '/api/v1/invitations/remaining/',
    { schema: { querystring: Type.Object({}, { additionalProperties: false }) } },
    async (request, reply): Promise<InvitationsRemaining> => {
      noStore(reply);
      const user = requireUser(request);
      const { max, windowSeconds } = config.inviteRateLimit;
      return { remaining: await invitationsRemaining(db, user.id, config), max, window_seconds: windowSeconds };
    },
  );

  app.get('/api/v4/presentation/invitation/:token/', { schema: { params: Type.Object({ token: InvitationToken }) } }, async (request, reply): Promise<InvitationDetails> => {
    noStore(reply);
    const inv = await loadInvitation(db, request.params.token, config.now());
    if (!inv) throw notFound(coded(INVITATION_MESSAGES, 'notFound'));
    const account = await findUserIdByEmail(db, inv.email);
    return {
      kind: inv.kind,
      status: inv.status,
      email: inv.email,
      inviter_name: inv.inviterName,
      title: inv.title,
      level: inv.level,
      target_url: inv.targetUrl,
      signed_in_email: request.currentUser?.email ?? null,
      account_exists: !!account,
    };
  });

  app.post(
    '/api/v4/presentation/invitation/',
    { schema: { body: Type.Object({ token: InvitationToken }, { additionalProperties: false }) } },
    async (request): Promise<AcceptInvitationResponse> => {
      const user = requireUser(request);
      return db.transaction().execute((trx) => acceptInvitation(trx, request.body.token, user, config.now()));
    },
  );
}

/** Turns the invitation's pending row into the user's access, once; every refusal is a 403 with its reason. */
export async function acceptInvitation(trx: Db, token: string, user: { id: number; email: string; email_verified: boolean }, now: Date): Promise<AcceptInvitationResponse> {
  const inv = await loadInvitation(trx, token, now, true);
  if (!inv) throw notFound(coded(INVITATION_MESSAGES, 'notFound'));
  if (inv.status === 'used') throw forbidden(coded(INVITATION_MESSAGES, 'used'), 'INVITATION_USED');
  if (inv.status === 'revoked') throw forbidden(coded(INVITATION_MESSAGES, 'revoked'), 'INVITATION_REVOKED');
  if (inv.status === 'expired') throw forbidden(coded(INVITATION_MESSAGES, 'expired'), 'INVITATION_EXPIRED');
  if (inv.email !== user.email) throw forbidden(coded(INVITATION_MESSAGES, 'wrongAccount'), 'WRONG_ACCOUNT', { invited_email: inv.email });
  if (!ownsItsAddress(user)) throw forbidden(coded(INVITATION_MESSAGES, 'unverifiedAddress'), 'EMAIL_UNVERIFIED');
  await markInvitationAccepted(trx, inv, user.id, now);
  return { kind: inv.kind, target_url: inv.targetUrl };
}
