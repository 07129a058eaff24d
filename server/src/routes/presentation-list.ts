import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type {
  DocumentDetailedCount,
  PresentationDocument,
  PresentationList,
  UserStatistics,
} from '@deck/shared/api/contract';
import { PRESENTATION_ORDERINGS, type PresentationOrdering } from '@deck/shared/api/contract';
import { badRequest } from '../http/errors';
import { PRESENTATION_FIELDS, parseFields, projectFields } from '../http/fields';
import { effectiveLevel } from '../permissions/levels';
import { serializeDocument } from '../services/documents';
import { detailedCounts, listDocuments, userStatistics } from '../repositories/document-list';
import { BoolQuery, Identifier, noStore, parseBool, requireUser, type App, type RouteDeps } from './common';
import { SERVER_TEXTS } from '../messages/server-texts';
import { coded } from '../permissions/messages';

/** The dashboard's reads: the document list with its filters (spec §7), and the counts (repositories/document-list.ts). */

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;

const ListQuery = Type.Object({
  owner_id: Type.Optional(Type.Integer({ minimum: 1 })),
  oid: Type.Optional(Identifier),
  privacy: Type.Optional(Type.Union(['open', 'closed', 'public', 'hidden', 'private'].map((v) => Type.Literal(v)))),
  mine: Type.Optional(BoolQuery),
  shared: Type.Optional(BoolQuery),
  // Checked in the handler so the 400 can list the accepted values.
  ordering: Type.Optional(Type.String({ maxLength: 40 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX_LIMIT })),
  fields: Type.Optional(Type.String({ maxLength: 500 })),
  title__icontains: Type.Optional(Type.String({ maxLength: 200 })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  include_user_permissions: Type.Optional(BoolQuery),
});
type ListQuery = Static<typeof ListQuery>;

export function parseOrdering(value: string | undefined): PresentationOrdering {
  if (value === undefined || value === '') return '-modified_at';
  if ((PRESENTATION_ORDERINGS as readonly string[]).includes(value)) return value as PresentationOrdering;
  throw badRequest(coded(SERVER_TEXTS, 'unknown_ordering', { ordering: value, orderings: PRESENTATION_ORDERINGS.join(', ') }), 'VALIDATION_ERROR');
}

export function presentationListRoutes(app: App, { db }: RouteDeps): void {
  const list = async (request: FastifyRequest<{ Querystring: ListQuery }>, reply: { header: (k: string, v: string) => unknown }) => {
    const user = requireUser(request);
    const q = request.query;
    const ordering = parseOrdering(q.ordering);
    const fields = parseFields(q.fields, PRESENTATION_FIELDS);
    reply.header('Cache-Control', 'no-store');
    const mine = parseBool(q.mine, false);
    const shared = parseBool(q.shared, false);
    // mine and shared together ask for nothing; say so instead of answering an empty list.
    if (mine && shared) throw badRequest(coded(SERVER_TEXTS, 'mine_and_shared'), 'INVALID_COMBINATION');
    const { rows, count } = await listDocuments(db, user, {
      mine,
      shared,
      ownerId: q.owner_id,
      oid: q.oid,
      privacy: q.privacy,
      titleContains: q.title__icontains,
      tag: q.tag,
      ordering,
      offset: q.offset ?? 0,
      limit: q.limit ?? LIST_DEFAULT_LIMIT,
    });
    const includePermissions = parseBool(q.include_user_permissions, false);
    const results = rows.map((r) => {
      const grant = r.team_grant ? (JSON.parse(r.team_grant) as [boolean, boolean, boolean]) : null;
      const level = effectiveLevel({
        isOwner: r.owner_id === user.id,
        individual: r.my_permission ?? null,
        teamGrant: grant ? { can_view: grant[0], can_comment: grant[1], can_edit: grant[2] } : null,
      });
      const doc = serializeDocument(
        r,
        { id: r.owner_id, oid: r.o_oid, username: r.o_username, first_name: r.o_first_name, last_name: r.o_last_name, email: r.o_email, team_id: r.o_team_id },
        { hasLiked: !!r.liked, level, includePermissions },
      );
      return projectFields(doc, fields) as PresentationDocument;
    });
    const answer: PresentationList = { count, offset: q.offset ?? 0, limit: q.limit ?? LIST_DEFAULT_LIMIT, results };
    return answer;
  };
  app.get('/api/v4/presentation/', { schema: { querystring: ListQuery } }, list);
  app.get('/api/v4/presentation/list/', { schema: { querystring: ListQuery } }, list);

  app.get('/api/v4/presentation/detailed-count/', async (request, reply): Promise<DocumentDetailedCount> => {
    noStore(reply);
    const user = requireUser(request);
    const { own, byType, shared } = await detailedCounts(db, user);
    return {
      count: Number(own.owned),
      owned: Number(own.owned),
      shared_with_me: Number(shared.n),
      trashed: Number(own.trashed),
      by_privacy: { open: Number(own.open), closed: Number(own.closed) },
      by_type: Object.fromEntries(byType.map((r) => [r.schema_version_name, Number(r.n)])),
    };
  });

  app.get('/api/v4/presentation/user-statistics/', async (request, reply): Promise<UserStatistics> => {
    noStore(reply);
    const user = requireUser(request);
    const r = await userStatistics(db, user.id);
    return {
      documents: Number(r.documents),
      total_views: Number(r.views),
      total_likes: Number(r.likes),
      collaborators: Number(r.collaborators),
      live_view_links: Number(r.links),
    };
  });
}
