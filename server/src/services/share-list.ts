import { sql } from 'kysely';
import type {
  CollaboratorPermission,
  IndividualCollaborator,
  InvitationDeliveryState,
  OrganizationCollaborator,
  SharePermissionsResponse,
} from '@deck/shared/api/contract';
import { SHARE_LIST_UNPAGED_MAX } from '@deck/shared/domains/collaborators/share-list-paging';
import { serverNow } from '../clock';
import { statementTemplate } from '../db/prepared-statements';
import { deliveryState } from '../mail/outbox';
import type { DocumentContext } from './documents';
import { COLLABORATOR_LEVEL } from '../permissions/levels';
import { collaboratorRowCapabilities } from '../permissions/collaborators';
import { levelAfterGrantEnds } from '../permissions/access-end';
import { deepFreeze, fullName, type Db } from './users';
import { readCacheOf } from '../db/read-cache';

export interface ListOptions {
  includeOrganization: boolean;
  hideNames: boolean;
  includePending: boolean;
}

/** A page of the list (docs/api.md, "Paging the share list"); without it the list up to SHARE_LIST_UNPAGED_MAX. */
export interface ListPage {
  /** Collaborator rows after the owner's (and, on a first page, the current user's). */
  limit: number;
  /** Where the previous page ended (parseCursor); undefined for a first page. */
  cursor?: ListCursor;
  /** Rows whose e-mail (or name, unless names are hidden) contains it, case-insensitive. */
  search?: string;
}

/** The list's order: collaborators who joined, then pending invitations; each by row id. */
export interface ListCursor {
  pending: boolean;
  id: number;
}

export function parseCursor(text: string): ListCursor {
  const [pending, id] = text.split('.');
  return { pending: pending === '1', id: Number(id) };
}

function formatCursor(cursor: ListCursor): string {
  return `${cursor.pending ? 1 : 0}.${cursor.id}`;
}

type CollaboratorTuple = [
  id: number,
  email: string,
  permission: CollaboratorPermission,
  userId: number | null,
  firstName: string | null,
  lastName: string | null,
  username: string | null,
  expiresAt: string | null,
];
/** One invitation e-mail of a listed invitee, oldest first: the last one per address is its delivery state. */
type DeliveryTuple = [email: string, status: string, attempts: number];
type OrganizationTuple = [teamId: number, name: string, canView: boolean, canComment: boolean, canEdit: boolean, memberCount: number];

/** Stand-ins for one request's values (statementTemplate). */
const SLOT = {
  documentId: Number.MIN_SAFE_INTEGER,
  me: Number.MIN_SAFE_INTEGER + 1,
  firstPage: '\u0000first',
  includePending: '\u0000pending',
  includeOrganization: '\u0000organization',
  afterPending: '\u0000after-pending',
  afterId: Number.MIN_SAFE_INTEGER + 2,
  rows: Number.MIN_SAFE_INTEGER + 3,
  pattern: '\u0000pattern',
  namesSearched: '\u0000names',
} as const;

/**
 * The list in ONE statement, whatever the options (one prepared statement): the owner comes from the permission
 * context; the current user's row on a first page; then a page of the others in the list's order from the cursor
 * (the index collaborators_document_list_order_idx), each with its account; the pending invitees' delivery
 * states for that page; the organisation grant with its member count; and, on a first page, the count of every
 * row. Each part is aggregated into JSON in the database, so a page is one round trip and one parse.
 */
let listTemplate: ReturnType<typeof statementTemplate<typeof SLOT>> | undefined;

function listStatement(db: Db) {
  listTemplate ??= statementTemplate(() => {
    const matches = sql`(${SLOT.pattern}::text is null
        or c.email ilike ${SLOT.pattern}::text escape '\\'
        or (${SLOT.namesSearched}::boolean and coalesce(u.first_name || ' ' || u.last_name, '') ilike ${SLOT.pattern}::text escape '\\'))`;
    const visible = sql`c.document_id = ${SLOT.documentId}::int and (${SLOT.includePending}::boolean or c.user_id is not null) and ${matches}`;
    return sql`
      with page as (
        select c.id, c.email, c.permission, c.user_id, u.first_name, u.last_name, u.username, c.expires_at
        from collaborators c left join users u on u.id = c.user_id
        where ${visible}
          and c.user_id is distinct from ${SLOT.me}::int
          and ((c.user_id is null), c.id) > (${SLOT.afterPending}::boolean, ${SLOT.afterId}::int)
        order by (c.user_id is null), c.id
        limit ${SLOT.rows}::int
      ), mine as (
        select c.id, c.email, c.permission, c.user_id, u.first_name, u.last_name, u.username, c.expires_at
        from collaborators c join users u on u.id = c.user_id
        where ${SLOT.firstPage}::boolean and c.user_id = ${SLOT.me}::int and ${visible}
      )
      select
        (select json_build_array(c.id, c.email, c.permission, c.user_id, c.first_name, c.last_name, c.username, c.expires_at) from mine c) as mine,
        coalesce((select json_agg(json_build_array(c.id, c.email, c.permission, c.user_id, c.first_name, c.last_name, c.username, c.expires_at)
                                  order by (c.user_id is null), c.id) from page c), '[]'::json) as rows,
        coalesce((select json_agg(json_build_array(i.email, o.status, o.attempts) order by o.id)
                  from outbox o join invitations i on i.id = o.invitation_id
                  where i.document_id = ${SLOT.documentId}::int and i.email in (select email from page where user_id is null)), '[]'::json) as deliveries,
        case when ${SLOT.includeOrganization}::boolean then
          (select json_build_array(tp.team_id, t.name, tp.can_view, tp.can_comment, tp.can_edit,
                  (select count(*)::int from users m where m.team_id = tp.team_id))
           from document_team_permissions tp join teams t on t.id = tp.team_id
           where tp.document_id = ${SLOT.documentId}::int)
        end as org,
        -- Without a search the count reads the list's index alone (the names only matter to a search).
        case when ${SLOT.firstPage}::boolean and ${SLOT.pattern}::text is null then
          (select count(*)::int from collaborators c
           where c.document_id = ${SLOT.documentId}::int and (${SLOT.includePending}::boolean or c.user_id is not null))
        when ${SLOT.firstPage}::boolean then
          (select count(*)::int from collaborators c left join users u on u.id = c.user_id where ${visible})
        end as total
    `.compile(db);
  }, SLOT);
  return listTemplate;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ListRow {
  mine: CollaboratorTuple | string | null;
  rows: CollaboratorTuple[] | string;
  deliveries: DeliveryTuple[] | string;
  org: OrganizationTuple | string | null;
  total: number | null;
}

/** What the list statement found, parsed: what a page is built from, and what memory keeps. */
interface ListFound {
  mine: CollaboratorTuple | null;
  rows: readonly CollaboratorTuple[];
  /** Each listed invitee's delivery state, by e-mail (a prototype-less object: any address is a plain key). */
  deliveries: Readonly<Record<string, InvitationDeliveryState>>;
  org: OrganizationTuple | null;
  total: number | null;
}

/** One request's values for the list statement's slots (SLOT). */
interface ListParameters {
  documentId: number;
  me: number | null;
  firstPage: boolean;
  includePending: boolean;
  includeOrganization: boolean;
  afterPending: boolean;
  afterId: number;
  rows: number;
  pattern: string | null;
  namesSearched: boolean;
}

const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Rows of a kept page per unit of the read cache's weight (about one permission context: db/read-cache.ts). */
const ROWS_PER_WEIGHT = 4;

/**
 * Runs the list statement, or answers it from memory (db/read-cache.ts) while nothing it found has changed: the
 * list of the document (`p:`, migration 0018: its collaborators, invitees, team grant and invitation e-mails), each
 * listed person's account (`u:`), and the granted team's name (`t:`) and member count (`n:`). Searches are not
 * kept (each text would be an entry of its own). What depends on the clock (an access that has ended) and on the
 * reader's rights (the rows' capabilities) is worked out from it on every request.
 */
async function findList(db: Db, parameters: ListParameters, fromMemory: boolean): Promise<ListFound> {
  const cache = fromMemory && parameters.pattern === null ? readCacheOf(db) : undefined;
  const ticket = cache?.begin() ?? null;
  const key = `list:${parameters.documentId}:${parameters.me}:${Number(parameters.firstPage)}${Number(parameters.includePending)}${Number(parameters.includeOrganization)}:${Number(parameters.afterPending)}.${parameters.afterId}:${parameters.rows}`;
  const kept = cache?.get<ListFound>(ticket, key);
  if (kept) return kept;
  const { rows } = await db.executeQuery<ListRow>(listStatement(db)(parameters));
  const row = rows[0];
  const deliveries = Object.create(null) as Record<string, InvitationDeliveryState>;
  // Oldest first: the last e-mail to an address says its state.
  for (const [email, status, attempts] of parse(row.deliveries)) deliveries[email] = deliveryState({ status, attempts });
  const found: ListFound = { mine: row.mine === null ? null : parse(row.mine), rows: parse(row.rows), deliveries, org: row.org === null ? null : parse(row.org), total: row.total };
  if (cache) {
    const tags = [`p:${parameters.documentId}`];
    for (const tuple of found.mine ? [found.mine, ...found.rows] : found.rows) if (tuple[3] !== null) tags.push(`u:${tuple[3]}`);
    if (found.org) tags.push(`t:${found.org[0]}`, `n:${found.org[0]}`);
    cache.set(ticket, key, deepFreeze(found), tags, undefined, 1 + Math.ceil(found.rows.length / ROWS_PER_WEIGHT));
  }
  return found;
}

/**
 * The share list as the API answers it (docs/api.md): the owner first, then the current user, then the others
 * who joined, then pending invitations, each by id. With a page (limit, cursor or search) the answer carries
 * `next_cursor` and, on a first page, `total_count`; without one it is the whole list, cut at
 * SHARE_LIST_UNPAGED_MAX (then `next_cursor` says where to go on).
 */
export async function buildSharePermissions(db: Db, ctx: DocumentContext, opts: ListOptions, page?: ListPage, fromMemory = false): Promise<SharePermissionsResponse> {
  const me = ctx.user?.id ?? null;
  const firstPage = !page?.cursor;
  const limit = page?.limit ?? SHARE_LIST_UNPAGED_MAX;
  const search = page?.search?.trim().toLowerCase() || undefined;
  const found = await findList(
    db,
    {
      documentId: ctx.doc.id,
      me,
      firstPage,
      includePending: opts.includePending,
      includeOrganization: opts.includeOrganization,
      afterPending: page?.cursor?.pending ?? false,
      afterId: page?.cursor?.id ?? 0,
      // One row more than asked for says whether another page follows.
      rows: limit + 1,
      pattern: search ? containsPattern(search) : null,
      namesSearched: !opts.hideNames,
    },
    fromMemory,
  );
  const more = found.rows.length > limit;
  const tuples = more ? found.rows.slice(0, limit) : found.rows;

  const capabilityViewer = { level: ctx.level, decisions: ctx.permissions.decisions };
  const individual: IndividualCollaborator[] = [];
  const owner = ctx.owner;
  const ownerMatches = !search || owner.email.toLowerCase().includes(search) || (!opts.hideNames && fullName(owner).toLowerCase().includes(search));
  if (firstPage && ownerMatches) {
    const isMe = owner.id === me;
    const hidden = opts.hideNames && !isMe;
    individual.push({
      id: owner.id,
      name: hidden ? '' : fullName(owner),
      email: owner.email,
      first_name: hidden ? '' : owner.first_name,
      last_name: hidden ? '' : owner.last_name,
      username: hidden ? null : owner.username,
      role: 'owner',
      is_owner: true,
      pending_invite: false,
      is_current_user: isMe,
      permission: 'owner',
      ...collaboratorRowCapabilities(capabilityViewer, { level: 'owner', isOwnerRow: true, isCurrentUser: isMe }),
    });
  }
  const mine = found.mine;
  for (const [id, email, permission, userId, firstName, lastName, username, expiresAt] of mine ? [mine, ...tuples] : tuples) {
    const pending = userId === null;
    const isMe = userId !== null && userId === me;
    const hidden = pending || (opts.hideNames && !isMe);
    const first = hidden ? '' : (firstName ?? '');
    const last = hidden ? '' : (lastName ?? '');
    individual.push({
      id: pending ? -id : userId,
      name: `${first} ${last}`.trim(),
      email,
      first_name: first,
      last_name: last,
      username: hidden ? null : (username ?? null),
      role: pending ? 'invitee' : 'collaborator',
      is_owner: false,
      pending_invite: pending,
      is_current_user: isMe,
      permission,
      ...collaboratorRowCapabilities(capabilityViewer, { level: COLLABORATOR_LEVEL[permission], isOwnerRow: false, isCurrentUser: isMe }),
      ...(pending ? { delivery_state: found.deliveries[email] ?? null } : {}),
      // A viewer's or commenter's end date (an editor's is never applied: documents.ts).
      ...(expiresAt && permission !== 'editor'
        ? {
            access_expires_at: new Date(expiresAt).toISOString(),
            access_ended: new Date(expiresAt).getTime() <= serverNow().getTime(),
            access_end_keeps_view: levelAfterGrantEnds(ctx.doc) === 'can_view',
          }
        : {}),
    });
  }

  let organization: OrganizationCollaborator | null = null;
  const org = found.org;
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

  const last = tuples.at(-1);
  const nextCursor = more && last ? formatCursor({ pending: last[3] === null, id: last[0] }) : null;
  const answer: SharePermissionsResponse = { individual, organization };
  if (page || nextCursor) {
    answer.next_cursor = nextCursor;
    if (firstPage && found.total !== null) answer.total_count = Number(found.total) + (ownerMatches ? 1 : 0);
  }
  return answer;
}
