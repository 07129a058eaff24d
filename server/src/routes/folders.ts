import { Type } from 'typebox';
import type { FolderCollaborator, FolderDeleted, FolderDetails, MyFoldersResponse } from '@deck/shared/api/contract';
import { deliveryState } from '../mail/outbox';
import { badRequest, forbidden, notFound } from '../http/errors';
import { MESSAGES, reasonCodes, reasonTexts, coded } from '../permissions/messages';
import { folderRoleOf, folderRules } from '../permissions/folders';
import { checkInviteRateLimit, recordInvitation, sayInvitationsRemaining, withdrawInvitations } from '../services/invitations';
import { fullName, isValidEmail, normalizeEmail, type CurrentUserRecord, type Db } from '../services/users';
import { BoolQuery, EmailString, InviteNoticeFields, noStore, linkOrigin, parseBool, requestLocale, requireUser, sharingVersionSeen, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordSharingChange } from '../services/activity-log';
import {
  addFolderMember,
  deleteFolder,
  deleteFolderMember,
  findFolder,
  folderDocumentCounts,
  folderDocumentOids,
  folderMembers,
  foldersOf,
  type MemberRow,
} from '../repositories/folders';
import { userName } from '../repositories/users';

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
    const folder = await findFolder(trx, id, forUpdate);
    if (!folder) throw notFound(coded(MESSAGES, 'folderNotFound'));
    const members = await folderMembers(trx, id);
    const mine = members.find((m) => m.user_id === user.id);
    const role = folderRoleOf(folder, user.id, mine?.role);
    const rules = folderRules(folder, user.id, role);
    if (!rules.canRead) throw forbidden(coded(MESSAGES, 'folderNoAccess'), 'NOT_ALLOWED');
    return { folder, members, role, rules };
  }

  /** Documents (not in the trash) in each folder, so deleting one can say how many are kept. */
  const documentCounts = (folderIds: number[], trx: Db = db) => folderDocumentCounts(trx, folderIds);

  const users = (members: MemberRow[], includePending: boolean) =>
    members.filter((m) => includePending || m.user_id !== null).map(serializeMember);

  // The signed-in user's folders (created or joined), for the dashboard; the spec names no list call.
  app.get('/api/v1/folders/group/', async (request, reply): Promise<MyFoldersResponse> => {
    noStore(reply);
    const user = requireUser(request);
    const rows = await foldersOf(db, user.id);
    const counts = await documentCounts(rows.map((row) => row.id));
    return {
      results: rows.map((row) => ({
        id: row.id,
        uuid: row.uuid,
        name: row.name,
        role: folderRoleOf(row, user.id, row.role) ?? 'VIEWER',
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
    if (!isValidEmail(request.body.email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
    const email = normalizeEmail(request.body.email);
    const result = await db.transaction().execute(async (trx) => {
      const { folder, members, rules } = await load(trx, request.params.id, user, true);
      if (!rules.canAdd) throw forbidden(coded(MESSAGES, 'folderOnlyOwnerAdds'), 'NOT_ALLOWED');
      if (request.body.role === 'EDITOR' && !rules.canAddEditors) throw forbidden(coded(MESSAGES, 'folderOnlyOwnerAddsEditors'), 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      if (members.some((m) => m.email === email)) return { created: false, users: users(members, true), remaining: null };
      const remaining = await checkInviteRateLimit(trx, user.id, config);
      await addFolderMember(trx, { folder_id: folder.id, email, role: request.body.role, invited_by: user.id, created_at: config.now() });
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
      if (!target) throw notFound(coded(MESSAGES, 'folderMemberNotFound'));
      const verdict = rules.canRemove(target);
      if (!verdict.ok) throw forbidden(verdict.message, 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      await deleteFolderMember(trx, target.id);
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
      if (!rules.canDelete) throw forbidden(coded(MESSAGES, 'folderDelete'), 'NOT_ALLOWED');
      await ensureSharingVersion(trx, { folderId: folder.id }, user.id, sharingVersionSeen(request));
      const kept = (await documentCounts([folder.id], trx)).get(folder.id) ?? 0;
      await recordSharingChange(trx, { action: 'folder_deleted', actorId: user.id, at: config.now(), folderId: folder.id, subject: folder.name, after: { documents_kept: String(kept) } });
      await deleteFolder(trx, folder.id);
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
      const creator = await userName(db, folder.creator_id);
      const docs = await folderDocumentOids(db, folder.id);
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
          can_read_activity: rules.canReadActivity,
          reasons: reasonTexts(rules.reasons),
          reason_codes: reasonCodes(rules.reasons),
        },
        only_owner_can_add_collaborators_to_folder: folder.only_owner_can_add_collaborators,
        users: users(members, parseBool(request.query.include_pending, true)),
        document_oids: docs.map((d) => d.oid),
      };
    },
  );
}
