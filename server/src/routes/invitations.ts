import { Type } from 'typebox';
import type { AcceptInvitationResponse, InvitationDetails, InvitationStatus, InvitationsRemaining } from '@deck/shared/api/contract';
import { forbidden, notFound } from '../http/errors';
import { hashInvitationToken, invitationsRemaining } from '../services/invitations';
import { fullName, type Db } from '../services/users';
import { noStore, requireUser, type App, type RouteDeps } from './common';
import { INVITATION_MESSAGES } from '../messages/invitations';

/** Tokens are base64url; anything else cannot be one. */
export const InvitationToken = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

interface LoadedInvitation {
  id: number;
  kind: 'document' | 'folder';
  email: string;
  inviterName: string;
  title: string;
  level: string;
  targetUrl: string;
  status: InvitationStatus;
  /** The pending collaborator or folder member row the invitation resolves; null when withdrawn. */
  memberId: number | null;
}

/** An invitation by token with its current state; the row is locked when `forUpdate` (accepting). */
export async function loadInvitation(db: Db, token: string, now: Date, forUpdate = false): Promise<LoadedInvitation | null> {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('users as inviter', 'inviter.id', 'i.inviter_id')
    .select(['i.id', 'i.email', 'i.document_id', 'i.folder_id', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'inviter.first_name', 'inviter.last_name', 'inviter.email as inviter_email'])
    .where('i.token_hash', '=', hashInvitationToken(token));
  if (forUpdate) query = query.forUpdate('i');
  const inv = await query.executeTakeFirst();
  if (!inv) return null;
  const inviterName = fullName(inv) || inv.inviter_email;
  let target: { memberId: number | null; title: string; level: string; targetUrl: string; kind: 'document' | 'folder' } | null = null;
  if (inv.document_id !== null) {
    const row = await db
      .selectFrom('documents as d')
      .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.email', '=', inv.email))
      .select(['d.oid', 'd.title', 'd.deleted_at', 'c.id as member_id', 'c.permission'])
      .where('d.id', '=', inv.document_id)
      .executeTakeFirst();
    if (row) {
      const live = row.deleted_at === null && row.member_id !== null;
      target = { kind: 'document', memberId: live ? row.member_id : null, title: row.title, level: row.permission ?? 'viewer', targetUrl: `/editor/${row.oid}` };
    }
  } else if (inv.folder_id !== null) {
    const row = await db
      .selectFrom('folders as f')
      .leftJoin('folder_members as m', (join) => join.onRef('m.folder_id', '=', 'f.id').on('m.email', '=', inv.email))
      .select(['f.name', 'm.id as member_id', 'm.role'])
      .where('f.id', '=', inv.folder_id)
      .executeTakeFirst();
    if (row) target = { kind: 'folder', memberId: row.member_id, title: row.name, level: row.role ?? 'VIEWER', targetUrl: '/dashboard' };
  }
  const status: InvitationStatus =
    inv.used_at !== null ? 'used' : inv.revoked_at !== null || !target || target.memberId === null ? 'revoked' : inv.expires_at !== null && inv.expires_at <= now ? 'expired' : 'pending';
  return {
    id: inv.id,
    kind: target?.kind ?? (inv.folder_id !== null ? 'folder' : 'document'),
    email: inv.email,
    inviterName,
    title: target?.title ?? '',
    level: target?.level ?? '',
    targetUrl: target?.targetUrl ?? '/',
    status,
    memberId: target?.memberId ?? null,
  };
}

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
    if (!inv) throw notFound(INVITATION_MESSAGES.notFound);
    const account = await db.selectFrom('users').select('id').where('email', '=', inv.email).executeTakeFirst();
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
export async function acceptInvitation(trx: Db, token: string, user: { id: number; email: string }, now: Date): Promise<AcceptInvitationResponse> {
  const inv = await loadInvitation(trx, token, now, true);
  if (!inv) throw notFound(INVITATION_MESSAGES.notFound);
  if (inv.status === 'used') throw forbidden(INVITATION_MESSAGES.used, 'INVITATION_USED');
  if (inv.status === 'revoked') throw forbidden(INVITATION_MESSAGES.revoked, 'INVITATION_REVOKED');
  if (inv.status === 'expired') throw forbidden(INVITATION_MESSAGES.expired, 'INVITATION_EXPIRED');
  if (inv.email !== user.email) throw forbidden(INVITATION_MESSAGES.wrongAccount, 'WRONG_ACCOUNT', { invited_email: inv.email });
  if (inv.kind === 'document') await trx.updateTable('collaborators').set({ user_id: user.id }).where('id', '=', inv.memberId!).execute();
  else await trx.updateTable('folder_members').set({ user_id: user.id }).where('id', '=', inv.memberId!).execute();
  await trx.updateTable('invitations').set({ used_at: now, used_by: user.id }).where('id', '=', inv.id).execute();
  return { kind: inv.kind, target_url: inv.targetUrl };
}
