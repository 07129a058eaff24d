import { Type } from 'typebox';
import { sql } from 'kysely';
import type {
  CollaboratorPermission,
  IndividualCollaborator,
  OrganizationCollaborator,
  SharePermissionsResponse,
} from '../../../shared/src/api/contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { COLLABORATOR_LEVEL, rank } from '../permissions';
import { MESSAGES } from '../permissions/messages';
import { loadDocumentContext, type DocumentContext } from '../services/documents';
import { loadRequestContext } from '../http/session';
import { checkInviteRateLimit, recordInvitation, sayInvitationsRemaining, withdrawInvitations } from '../services/invitations';
import { deliveryState } from '../mail/outbox';
import { preparedStatement } from '../db/prepared-statements';
import type { InvitationDeliveryState } from '../../../shared/src/api/contract';
import { fullName, isValidEmail, normalizeEmail, type Db } from '../services/users';
import { BoolQuery, EmailString, InviteNoticeFields, OidParams, ensure, noStore, linkOrigin, parseBool, requestLocale, requireUser, type App, type RouteDeps } from './common';

/** Refusals of the share routes that the shared catalogue (permissions/messages.ts) does not hold. */
export const SHARE_MESSAGES = {
  addSelf: 'You cannot add yourself as a collaborator; ask the owner or an editor to add you.',
} as const;

const Permission = Type.Union([Type.Literal('viewer'), Type.Literal('commenter'), Type.Literal('editor')]);
const OrgPermission = Type.Union([Type.Literal('can_view'), Type.Literal('can_comment'), Type.Literal('can_edit')]);

const ListQuery = Type.Object({
  include_organization_permission: Type.Optional(BoolQuery),
  hide_collaborators_name: Type.Optional(BoolQuery),
  include_pending_invites: Type.Optional(BoolQuery),
});

const InviteBody = Type.Object(
  { email: EmailString, permission: Permission, trigger_organic_invitation_if_needed: Type.Optional(Type.Boolean()), ...InviteNoticeFields },
  { additionalProperties: false },
);
const RemoveBody = Type.Object(
  { email: EmailString, trigger_organic_invitation_if_needed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const OrgBody = Type.Object({ permission: OrgPermission }, { additionalProperties: false });

export interface ListOptions {
  includeOrganization: boolean;
  hideNames: boolean;
  includePending: boolean;
}

type CollaboratorTuple = [
  id: number,
  email: string,
  permission: CollaboratorPermission,
  userId: number | null,
  firstName: string | null,
  lastName: string | null,
  username: string | null,
];
/** One invitation e-mail of the document, oldest first: the last one per address is its delivery state. */
type DeliveryTuple = [email: string, status: string, attempts: number];
type OrganizationTuple = [teamId: number, name: string, canView: boolean, canComment: boolean, canEdit: boolean, memberCount: number];

/**
 * The collaborator rows (with their accounts) and the organisation grant (with its member count) in ONE
 * statement: each part is aggregated into JSON arrays in the database, so a document with 10,000
 * collaborators is one round trip and one small-per-row parse.
 */
async function loadCollaboratorList(
  db: Db,
  documentId: number,
  opts: Pick<ListOptions, 'includeOrganization' | 'includePending'>,
): Promise<{ rows: CollaboratorTuple[]; org: OrganizationTuple | null; deliveries: Map<string, InvitationDeliveryState> }> {
  const pendingFilter = opts.includePending ? sql`` : sql`and c.user_id is not null`;
  const org = opts.includeOrganization
    ? sql`(select json_build_array(tp.team_id, t.name, tp.can_view, tp.can_comment, tp.can_edit,
             (select count(*)::int from users m where m.team_id = tp.team_id))
           from document_team_permissions tp join teams t on t.id = tp.team_id
           where tp.document_id = ${documentId})`
    : sql`null::json`;
  // Pending invitees' e-mail delivery states come in the same statement (no extra round trip).
  const deliveries = opts.includePending
    ? sql`coalesce((select json_agg(json_build_array(i.email, o.status, o.attempts) order by o.id)
                    from outbox o join invitations i on i.id = o.invitation_id
                    where i.document_id = ${documentId}), '[]'::json)`
    : sql`'[]'::json`;
  const statement = sql<{ rows: CollaboratorTuple[] | string; org: OrganizationTuple | string | null; deliveries: DeliveryTuple[] | string }>`
    select
      coalesce((select json_agg(json_build_array(c.id, c.email, c.permission, c.user_id, u.first_name, u.last_name, u.username) order by c.id)
                from collaborators c left join users u on u.id = c.user_id
                where c.document_id = ${documentId} ${pendingFilter}), '[]'::json) as rows,
      ${org} as org,
      ${deliveries} as deliveries
  `;
  // One of eight texts (by the options): a prepared statement on PostgreSQL.
  const { rows } = await db.executeQuery(preparedStatement(statement.compile(db)));
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    rows: parse(rows[0].rows),
    org: rows[0].org === null ? null : parse(rows[0].org),
    deliveries: new Map(parse(rows[0].deliveries).map(([email, status, attempts]) => [email, deliveryState({ status, attempts })])),
  };
}

export async function buildSharePermissions(db: Db, ctx: DocumentContext, opts: ListOptions): Promise<SharePermissionsResponse> {
  const me = ctx.user?.id ?? null;
  const hide = (isMe: boolean) => opts.hideNames && !isMe;
  const owner = ctx.owner;
  const individual: IndividualCollaborator[] = [
    {
      id: owner.id,
      name: hide(owner.id === me) ? '' : fullName(owner),
      email: owner.email,
      first_name: hide(owner.id === me) ? '' : owner.first_name,
      last_name: hide(owner.id === me) ? '' : owner.last_name,
      username: hide(owner.id === me) ? null : owner.username,
      role: 'owner',
      is_owner: true,
      pending_invite: false,
      is_current_user: owner.id === me,
      permission: 'owner',
    },
  ];
  const { rows, org, deliveries } = await loadCollaboratorList(db, ctx.doc.id, opts);
  for (const [id, email, permission, userId, firstName, lastName, username] of rows) {
    const pending = userId === null;
    const isMe = userId !== null && userId === me;
    const first = pending || hide(isMe) ? '' : (firstName ?? '');
    const last = pending || hide(isMe) ? '' : (lastName ?? '');
    individual.push({
      id: pending ? -id : userId,
      name: `${first} ${last}`.trim(),
      email,
      first_name: first,
      last_name: last,
      username: pending || hide(isMe) ? null : (username ?? null),
      role: pending ? 'invitee' : 'collaborator',
      is_owner: false,
      pending_invite: pending,
      is_current_user: isMe,
      permission,
      ...(pending ? { delivery_state: deliveries.get(email) ?? null } : {}),
    });
  }
  let organization: OrganizationCollaborator | null = null;
  if (org) {
    const [teamId, name, canView, canComment, canEdit, memberCount] = org;
    if (canView || canComment || canEdit) {
      organization = {
        organization_id: teamId,
        organization_name: name,
        organization_member_count: Number(memberCount),
        can_view: canView,
        can_comment: canComment,
        can_edit: canEdit,
      };
    }
  }
  return { individual, organization };
}

/** The document for a collaborator (level ≥ can_view), else 404/403. */
function collaboratorAccess(ctx: DocumentContext | null): DocumentContext {
  if (!ctx) throw notFound(MESSAGES.documentNotFound);
  if (rank(ctx.level) < rank('can_view')) throw forbidden(MESSAGES.noAccess, 'NOT_ALLOWED');
  return ctx;
}

const DEFAULT_LIST: ListOptions = { includeOrganization: true, hideNames: false, includePending: true };

export function shareRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  /** Loads the document for a collaborator (level ≥ can_view), else 404/403. */
  async function collaboratorContext(trx: Db, oid: string, user: NonNullable<DocumentContext['user']>, forUpdate: boolean) {
    return collaboratorAccess(await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate }));
  }

  // The session's user is read in the permission-context statement (one round trip for both).
  app.get('/api/v1/share/:oid/permissions/', { schema: { params: OidParams, querystring: ListQuery }, config: { sessionInStatement: true } }, async (request, reply) => {
    noStore(reply);
    const found = await loadRequestContext(db, config, request, reply, request.params.oid, ctxOpts);
    requireUser(request);
    const ctx = collaboratorAccess(found);
    return buildSharePermissions(db, ctx, {
      includeOrganization: parseBool(request.query.include_organization_permission, true),
      hideNames: parseBool(request.query.hide_collaborators_name, false),
      includePending: parseBool(request.query.include_pending_invites, true),
    });
  });

  app.put(
    '/api/v1/share/:oid/permissions/',
    {
      schema: {
        params: OidParams,
        body: InviteBody,
        querystring: Type.Object({ referral_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })) }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!isValidEmail(request.body.email)) throw badRequest(MESSAGES.invalidEmail, 'INVALID_EMAIL');
      const email = normalizeEmail(request.body.email);
      const permission = request.body.permission;
      let remaining: number | null = null;
      const answer = await db.transaction().execute(async (trx) => {
        const ctx = await collaboratorContext(trx, request.params.oid, user, true);
        if (email === ctx.owner.email) throw forbidden(MESSAGES.ownerFixed, 'NOT_POSSIBLE');
        const existing = await trx
          .selectFrom('collaborators')
          .select(['id', 'permission'])
          .where('document_id', '=', ctx.doc.id)
          .where('email', '=', email)
          .executeTakeFirst();
        if (existing) {
          ensure(ctx.permissions.decisions[`collaborator_individual_update_${permission}`]);
          if (ctx.level !== 'owner' && rank(COLLABORATOR_LEVEL[existing.permission]) > rank(ctx.level)) {
            throw forbidden(MESSAGES.higherTarget, 'NOT_ALLOWED');
          }
          if (existing.permission !== permission) {
            await trx.updateTable('collaborators').set({ permission }).where('id', '=', existing.id).execute();
          }
        } else {
          ensure(ctx.permissions.decisions[`collaborator_individual_add_${permission}`]);
          // Access through the team (or any other grant) must not be turned into an individual one
          // that outlives the grant: nobody adds themselves.
          if (email === user.email) throw forbidden(SHARE_MESSAGES.addSelf, 'NOT_ALLOWED');
          remaining = await checkInviteRateLimit(trx, user.id, config);
          await trx
            .insertInto('collaborators')
            .values((eb) => ({
              document_id: ctx.doc.id,
              // The account with this address, if any, in the same statement (null keeps the invite pending).
              user_id: eb.selectFrom('users').select('id').where('email', '=', email),
              email,
              permission,
              invited_by: user.id,
              created_at: config.now(),
            }))
            .onConflict((oc) => oc.columns(['document_id', 'email']).doUpdateSet({ permission }))
            .execute();
          const notice =
            request.body.notify === false
              ? undefined
              : {
                  kind: 'document' as const,
                  inviterName: fullName(user) || user.email,
                  title: ctx.doc.title,
                  level: permission,
                  message: request.body.message?.trim() || null,
                  origin: linkOrigin(config, request),
                  fallbackLocale: requestLocale(request),
                };
          await recordInvitation(trx, config, { inviterId: user.id, email, documentId: ctx.doc.id, referralToken: request.query.referral_token }, notice);
        }
        return buildSharePermissions(trx, ctx, DEFAULT_LIST);
      });
      sayInvitationsRemaining(reply, remaining);
      return answer;
    },
  );

  app.delete('/api/v1/share/:oid/permissions/', { schema: { params: OidParams, body: RemoveBody } }, async (request) => {
    const user = requireUser(request);
    if (!isValidEmail(request.body.email)) throw badRequest(MESSAGES.invalidEmail, 'INVALID_EMAIL');
    const email = normalizeEmail(request.body.email);
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      if (email === ctx.owner.email) throw forbidden(MESSAGES.ownerFixed, 'NOT_POSSIBLE');
      const existing = await trx
        .selectFrom('collaborators')
        .select(['id', 'user_id'])
        .where('document_id', '=', ctx.doc.id)
        .where('email', '=', email)
        .executeTakeFirst();
      if (!existing) throw notFound(MESSAGES.collaboratorNotFound);
      const isSelf = existing.user_id === user.id;
      if (!isSelf) ensure(ctx.permissions.decisions.collaborator_individual_remove_others);
      await trx.deleteFrom('collaborators').where('id', '=', existing.id).execute();
      await withdrawInvitations(trx, { documentId: ctx.doc.id }, email, config.now());
      return buildSharePermissions(trx, ctx, DEFAULT_LIST);
    });
  });

  app.put('/api/v1/share/:oid/organization-permission/', { schema: { params: OidParams, body: OrgBody } }, async (request) => {
    const user = requireUser(request);
    const permission = request.body.permission;
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      const key = permission === 'can_edit' ? 'collaborator_organization_add_editor' : permission === 'can_comment' ? 'collaborator_organization_add_commenter' : 'collaborator_organization_add_viewer';
      ensure(ctx.permissions.decisions[key]);
      const grant = { can_view: true, can_comment: permission !== 'can_view', can_edit: permission === 'can_edit' };
      await trx
        .insertInto('document_team_permissions')
        .values({ document_id: ctx.doc.id, team_id: ctx.owner.team_id!, ...grant })
        .onConflict((oc) => oc.column('document_id').doUpdateSet({ team_id: ctx.owner.team_id!, ...grant }))
        .execute();
      return buildSharePermissions(trx, ctx, DEFAULT_LIST);
    });
  });

  app.delete('/api/v1/share/:oid/organization-permission/', { schema: { params: OidParams } }, async (request) => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await collaboratorContext(trx, request.params.oid, user, true);
      ensure(ctx.permissions.decisions.collaborator_organization_remove);
      // Removing organisation access = can_view, can_comment and can_edit all false: the row is removed.
      await trx.deleteFrom('document_team_permissions').where('document_id', '=', ctx.doc.id).execute();
      return buildSharePermissions(trx, ctx, DEFAULT_LIST);
    });
  });
}
