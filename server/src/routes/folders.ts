import { Type } from 'typebox';
import type { FolderAction, FolderCollaborator, FolderDeleted, FolderDetails, FolderRole, MyFoldersResponse } from '@deck/shared/api/contract';
import { deliveryState } from '../mail/outbox';
import { badRequest, forbidden, notFound } from '../http/errors';
import { MESSAGES, reasonCodes } from '../permissions/messages';
import { checkInviteRateLimit, recordInvitation, sayInvitationsRemaining, withdrawInvitations } from '../services/invitations';
import { fullName, isValidEmail, normalizeEmail, type CurrentUserRecord, type Db } from '../services/users';
import { BoolQuery, EmailString, InviteNoticeFields, noStore, linkOrigin, parseBool, requestLocale, requireUser, sharingVersionSeen, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordSharingChange } from '../services/activity-log';

const FolderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const MemberParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  collaboratorId: Type.Integer({ minimum: -2147483647, maximum: 2147483647 }),
});
/** EDITOR only from the folder's owner, who alone removes others: it is how Undo restores an editor. */
const AddBody = Type.Object(
  { email: EmailString, role: Type.Union([Type.Literal('VIEWER'), Type.Literal('EDITOR')]), ...InviteNoticeFields },
  { additionalProperties: false },
);

interface FolderRow {
  id: number;
  uuid: string;
  name: string;
  creator_id: number;
  only_owner_can_add_collaborators: boolean;
}

interface MemberRow {
  id: number;
  user_id: number | null;
  email: string;
  role: FolderRole;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  /** The latest invitation e-mail to this address for this folder, if any. */
  mail_status: string | null;
  mail_attempts: number | null;
}

function refusalReasons(canAdd: boolean, isCreator: boolean): Partial<Record<FolderAction, string>> {
  const reasons: Partial<Record<FolderAction, string>> = {};
  if (!canAdd) reasons.add_collaborators = MESSAGES.folderOnlyOwnerAdds;
  if (!isCreator) {
    reasons.remove_collaborators = MESSAGES.folderOnlyOwnerRemoves;
    reasons.delete_folder = MESSAGES.folderDelete;
  }
  return reasons;
}

/** Folder rules (spec §6): pure, so they can be unit-tested. */
export function folderRules(folder: Pick<FolderRow, 'creator_id' | 'only_owner_can_add_collaborators'>, userId: number, role: FolderRole | null) {
  const isCreator = folder.creator_id === userId;
  return {
    canRead: role !== null,
    canAdd: role !== null && (isCreator || !folder.only_owner_can_add_collaborators),
    canRemoveOthers: isCreator,
    canDelete: isCreator,
    /** Why each refused action is refused, in the texts its route answers with (spec §8). */
    reasons: refusalReasons(role !== null && (isCreator || !folder.only_owner_can_add_collaborators), isCreator),
    canRemove(target: { user_id: number | null; role: FolderRole }): { ok: true } | { ok: false; message: string } {
      if (target.role === 'OWNER') return { ok: false, message: MESSAGES.folderOwnerFixed };
      if (target.user_id === userId) return { ok: true };
      if (isCreator) return { ok: true };
      return { ok: false, message: MESSAGES.folderOnlyOwnerRemoves };
    },
  };
}

/** Wire id of a folder collaborator: the user id, or the negative member-row id for a pending invite. */
function collaboratorId(m: MemberRow): number {
  return m.user_id ?? -m.id;
}

function serializeMember(m: MemberRow): FolderCollaborator {
  const pending = m.user_id === null;
  return {
    id: collaboratorId(m),
    username: m.username ?? '',
    email: m.email,
    name: pending ? '' : fullName({ first_name: m.first_name ?? '', last_name: m.last_name ?? '' }),
    avatar: null,
    role: m.role,
    pending,
    ...(pending ? { delivery_state: m.mail_status === null ? null : deliveryState({ status: m.mail_status, attempts: m.mail_attempts ?? 0 }) } : {}),
  };
}

export function folderRoutes(app: App, { db, config }: RouteDeps): void {
  async function load(trx: Db, id: number, user: CurrentUserRecord, forUpdate = false) {
    let q = trx.selectFrom('folders').select(['id', 'uuid', 'name', 'creator_id', 'only_owner_can_add_collaborators']).where('id', '=', id);
    if (forUpdate) q = q.forUpdate();
    const folder = await q.executeTakeFirst();
    if (!folder) throw notFound(MESSAGES.folderNotFound);
    const members: MemberRow[] = await trx
      .selectFrom('folder_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.user_id', 'm.email', 'm.role', 'u.username', 'u.first_name', 'u.last_name'])
      // A pending invitee's e-mail delivery state, in the same statement.
      .select((eb) => {
        const latestMail = () =>
          eb
            .selectFrom('outbox as o')
            .innerJoin('invitations as i', 'i.id', 'o.invitation_id')
            .whereRef('i.folder_id', '=', 'm.folder_id')
            .whereRef('i.email', '=', 'm.email')
            .where('m.user_id', 'is', null)
            .orderBy('o.id', 'desc')
            .limit(1);
        return [latestMail().select('o.status').as('mail_status'), latestMail().select('o.attempts').as('mail_attempts')];
      })
      .where('m.folder_id', '=', id)
      .orderBy('m.id', 'asc')
      .execute();
    const mine = members.find((m) => m.user_id === user.id);
    const role: FolderRole | null = folder.creator_id === user.id ? 'OWNER' : (mine?.role ?? null);
    const rules = folderRules(folder, user.id, role);
    if (!rules.canRead) throw forbidden(MESSAGES.folderNoAccess, 'NOT_ALLOWED');
    return { folder, members, role, rules };
  }

  /** Documents (not in the trash) in each folder, so deleting one can say how many are kept. */
  async function documentCounts(folderIds: number[], trx: Db = db): Promise<Map<number, number>> {
    if (folderIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('folder_documents as fd')
      .innerJoin('documents as d', 'd.id', 'fd.document_id')
      .select(['fd.folder_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('fd.folder_id', 'in', folderIds)
      .where('d.deleted_at', 'is', null)
      .groupBy('fd.folder_id')
      .execute();
    return new Map(rows.map((row) => [row.folder_id, Number(row.count)]));
  }

  const users = (members: MemberRow[], includePending: boolean) =>
    members.filter((m) => includePending || m.user_id !== null).map(serializeMember);

  // The signed-in user's folders (created or joined), for the dashboard; the spec names no list call.
  app.get('/api/v1/folders/group/', async (request, reply): Promise<MyFoldersResponse> => {
    noStore(reply);
    const user = requireUser(request);
    const rows = await db
      .selectFrom('folders as f')
      .leftJoin('folder_members as m', (join) => join.onRef('m.folder_id', '=', 'f.id').on('m.user_id', '=', user.id))
      .select(['f.id', 'f.uuid', 'f.name', 'f.creator_id', 'm.role'])
      .where((where) => where.or([where('f.creator_id', '=', user.id), where('m.user_id', '=', user.id)]))
      .orderBy('f.name', 'asc')
      .execute();
    const counts = await documentCounts(rows.map((row) => row.id));
    return {
      results: rows.map((row) => ({
        id: row.id,
        uuid: row.uuid,
        name: row.name,
        role: row.creator_id === user.id ? 'OWNER' : (row.role ?? 'VIEWER'),
        document_count: counts.get(row.id) ?? 0,
      })),
    };
  });

  app.get('/api/v1/folders/group/:id/users/', { schema: { params: FolderParams } }, async (request, reply) => {
    noStore(reply);
    const user = requireUser(request);
    const { members } = await load(db, request.params.id, user);
    return users(members, true);
  });

  app.post('/api/v1/folders/group/:id/users/', { schema: { params: FolderParams, body: AddBody } }, async (request, reply) => {
    const user = requireUser(request);
    if (!isValidEmail(request.body.email)) throw badRequest(MESSAGES.invalidEmail, 'INVALID_EMAIL');
    const email = normalizeEmail(request.body.email);
    const result = await db.transaction().execute(async (trx) => {
      const { folder, members, rules } = await load(trx, request.params.id, user, true);
      if (!rules.canAdd) throw forbidden(MESSAGES.folderOnlyOwnerAdds, 'NOT_ALLOWED');
      if (request.body.role === 'EDITOR' && !rules.canRemoveOthers) throw forbidden(MESSAGES.folderOnlyOwnerAddsEditors, 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      if (members.some((m) => m.email === email)) return { created: false, users: users(members, true), remaining: null };
      const remaining = await checkInviteRateLimit(trx, user.id, config);
      const account = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      await trx
        .insertInto('folder_members')
        .values({ folder_id: folder.id, user_id: account?.id ?? null, email, role: request.body.role, invited_by: user.id, created_at: config.now() })
        .onConflict((oc) => oc.columns(['folder_id', 'email']).doNothing())
        .execute();
      await recordSharingChange(trx, { action: 'folder_member_added', actorId: user.id, at: config.now(), folderId: folder.id, subject: email, after: { role: request.body.role } });
      const notice =
        request.body.notify === false
          ? undefined
          : {
              kind: 'folder' as const,
              inviterName: fullName(user) || user.email,
              title: folder.name,
              level: request.body.role,
              message: request.body.message?.trim() || null,
              origin: linkOrigin(config, request),
              fallbackLocale: requestLocale(request),
            };
      await recordInvitation(trx, config, { inviterId: user.id, email, folderId: folder.id }, notice);
      const again = await load(trx, folder.id, user);
      return { created: true, users: users(again.members, true), remaining };
    });
    sayInvitationsRemaining(reply, result.remaining);
    reply.code(result.created ? 201 : 200);
    return result.users;
  });

  app.delete('/api/v1/folders/group/:id/users/:collaboratorId/', { schema: { params: MemberParams } }, async (request) => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const { folder, members, rules } = await load(trx, request.params.id, user, true);
      const target = members.find((m) => collaboratorId(m) === request.params.collaboratorId);
      if (!target) throw notFound(MESSAGES.folderMemberNotFound);
      const verdict = rules.canRemove(target);
      if (!verdict.ok) throw forbidden(verdict.message, 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      await trx.deleteFrom('folder_members').where('id', '=', target.id).execute();
      await withdrawInvitations(trx, { folderId: folder.id }, target.email, config.now());
      await recordSharingChange(trx, { action: 'folder_member_removed', actorId: user.id, at: config.now(), folderId: folder.id, subject: target.email, before: { role: target.role } });
      if (target.user_id === user.id) return [];
      const again = await load(trx, folder.id, user);
      return users(again.members, true);
    });
  });

  // Only the owner deletes a folder (spec §6). Its members and its list of documents go with it
  // (ON DELETE CASCADE); the documents themselves stay with their owners, shared as before.
  app.delete('/api/v1/folders/group/:id/', { schema: { params: FolderParams } }, async (request): Promise<FolderDeleted> => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const { folder, rules } = await load(trx, request.params.id, user, true);
      if (!rules.canDelete) throw forbidden(MESSAGES.folderDelete, 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      const kept = (await documentCounts([folder.id], trx)).get(folder.id) ?? 0;
      await recordSharingChange(trx, { action: 'folder_deleted', actorId: user.id, at: config.now(), folderId: folder.id, subject: folder.name, after: { documents_kept: String(kept) } });
      await trx.deleteFrom('folders').where('id', '=', folder.id).execute();
      return { id: folder.id, name: folder.name, documents_kept: kept };
    });
  });

  app.get(
    '/api/v1/folders/group/:id/details/',
    { schema: { params: FolderParams, querystring: Type.Object({ include_pending: Type.Optional(BoolQuery) }) } },
    async (request, reply): Promise<FolderDetails> => {
      noStore(reply);
      const user = requireUser(request);
      const { folder, members, role, rules } = await load(db, request.params.id, user);
      const creator = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', folder.creator_id).executeTakeFirstOrThrow();
      const docs = await db
        .selectFrom('folder_documents as fd')
        .innerJoin('documents as d', 'd.id', 'fd.document_id')
        .select('d.oid')
        .where('fd.folder_id', '=', folder.id)
        .where('d.deleted_at', 'is', null)
        .orderBy('d.id')
        .execute();
      return {
        uuid: folder.uuid,
        id: folder.id,
        name: folder.name,
        creator: { id: creator.id, name: fullName(creator) },
        folder_restrictions: {
          only_owner_can_add_collaborators_to_folder: folder.only_owner_can_add_collaborators,
          current_user_role: role,
          can_add_collaborators: rules.canAdd,
          can_remove_collaborators: rules.canRemoveOthers,
          can_delete_folder: rules.canDelete,
          reasons: rules.reasons,
          reason_codes: reasonCodes(rules.reasons),
        },
        only_owner_can_add_collaborators_to_folder: folder.only_owner_can_add_collaborators,
        users: users(members, parseBool(request.query.include_pending, true)),
        document_oids: docs.map((d) => d.oid),
      };
    },
  );
}
