import { Type } from 'typebox';
import { SingleLineText } from '../http/single-line';
import { sql } from 'kysely';
import type {
  IdentifiedViewer,
  ViewLinkAnalytics,
  ViewLinkDailyViews,
  ViewLinkOpening,
  ViewLinkVisitResponse,
} from '@deck/shared/domains/view-links/recipient-contract';
import { IDENTIFIED_VIEWERS_SHOWN, VIEWER_NAME_MAX_LENGTH } from '@deck/shared/domains/view-links/recipient-contract';
import { badRequest, forbidden, gone, notFound } from '../http/errors';
import { MESSAGES } from '../permissions/messages';
import { viewLinkGrantsAccess } from '../permissions/view-link-access';
import { loadDocumentContext } from '../services/documents';
import { isValidEmail, normalizeEmail, type Db } from '../services/users';
import { canonicalTimeZone } from '../services/time-zones';
import { rateLimitHook } from '../services/rate-limits';
import { isValidVisitId, issueVisitId, VISIT_ID_PATTERN } from '../services/visit-ids';
import { ensure, linkOrigin, noStore, type App, type RouteDeps } from './common';
import { LinkParams, requireLinkUser, viewLinkUrl } from './viewlinks';
import { RECIPIENT_MESSAGES } from '../messages/recipient';

const VisitBody = Type.Object(
  {
    // Issued by GET …/open/ (never chosen by the client), so a client cannot invent viewers.
    open_id: Type.String({ maxLength: 100, pattern: VISIT_ID_PATTERN }),
    viewer_name: Type.Optional(SingleLineText({ maxLength: VIEWER_NAME_MAX_LENGTH })),
    viewer_email: Type.Optional(Type.String({ maxLength: 320 })),
  },
  { additionalProperties: false },
);

const AnalyticsQuery = Type.Object({ tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });

/** A trackable (not unlisted) or unlisted link with its document and creator, by its public id. */
export function recipientLinkQuery(db: Db, linkId: string) {
  return db
    .selectFrom('view_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .innerJoin('users as u', 'u.id', 'l.owner_id')
    .selectAll('l')
    .select(['d.oid as presentation_oid', 'd.title as document_title', 'd.owner_id as document_owner_id', 'd.privacy', 'u.first_name', 'u.last_name'])
    .where('l.link_id', '=', linkId)
    .where('d.deleted_at', 'is', null);
}

/**
 * the recipient side: a recipient opens a link (/l/<linkId> in the shell), each open of a
 * link visible on analytics is recorded (with the viewer's name and e-mail when the link asks for
 * them), and the link's creator and the document's owner read the result.
 */
export function recipientRoutes(app: App, { db, config }: RouteDeps): void {
  // Public: anyone holding the link may open it. A deactivated link says so (410) and shows nothing of the document.
  app.get('/api/v1/prezilink/:linkId/open/', { schema: { params: LinkParams } }, async (request, reply): Promise<ViewLinkOpening> => {
    noStore(reply);
    const link = await recipientLinkQuery(db, request.params.linkId).executeTakeFirst();
    if (!link) throw notFound(MESSAGES.linkNotFound);
    if (!viewLinkGrantsAccess(link, link)) throw gone(MESSAGES.linkRevoked);
    return {
      link_id: link.link_id,
      presentation_oid: link.presentation_oid,
      document_title: link.document_title,
      sharer_first_name: link.first_name,
      sharer_last_name: link.last_name,
      viewer_identification: !link.is_unlisted && link.viewer_identification,
      open_id: issueVisitId(config.sessionSecret, link.link_id, config.now()),
    };
  });

  app.post(
    '/api/v1/prezilink/:linkId/visits/',
    { schema: { params: LinkParams, body: VisitBody }, preHandler: rateLimitHook(db, config, 'visits') },
    async (request, reply): Promise<ViewLinkVisitResponse> => {
      const body = request.body;
      if (!isValidVisitId(config.sessionSecret, request.params.linkId, body.open_id, config.now(), config.visitIdMaxAgeSeconds)) {
        throw badRequest(RECIPIENT_MESSAGES.visitIdInvalid, 'INVALID_VISIT_ID');
      }
      return db.transaction().execute(async (trx) => {
        // Locking the link serialises the visits of one link, so a repeated open id is seen as such.
        const link = await recipientLinkQuery(trx, request.params.linkId).forUpdate('l').executeTakeFirst();
        if (!link) throw notFound(MESSAGES.linkNotFound);
        if (!viewLinkGrantsAccess(link, link)) throw gone(MESSAGES.linkRevoked);
        const identification = !link.is_unlisted && link.viewer_identification;
        const name = body.viewer_name?.trim() ?? '';
        const email = body.viewer_email?.trim() ?? '';
        if (identification) {
          if (!name) throw badRequest(RECIPIENT_MESSAGES.nameRequired, 'NAME_REQUIRED');
          if (!isValidEmail(email)) throw badRequest(MESSAGES.invalidEmail, 'INVALID_EMAIL');
        }
        if (link.is_unlisted || !link.visible_on_analytics) {
          reply.code(200);
          return { recorded: false };
        }
        const seen = await trx
          .selectFrom('view_link_visits')
          .select('id')
          .where('view_link_id', '=', link.id)
          .where('session_id', '=', body.open_id)
          .executeTakeFirst();
        if (seen) {
          reply.code(200);
          return { recorded: true };
        }
        await trx
          .insertInto('view_link_visits')
          .values({
            view_link_id: link.id,
            visited_at: config.now(),
            user_id: request.currentUser?.id ?? null,
            // Only a link that asks for them stores a name and an e-mail; nothing unasked is kept.
            viewer_name: identification ? name : null,
            viewer_email: identification ? normalizeEmail(email) : null,
            // The column holds the id of the open, which makes the record idempotent per open.
            session_id: body.open_id,
          })
          .execute();
        reply.code(201);
        return { recorded: true };
      });
    },
  );

  app.get(
    '/api/v1/prezilink/:linkId/analytics/',
    { schema: { params: LinkParams, querystring: AnalyticsQuery } },
    async (request, reply): Promise<ViewLinkAnalytics> => {
      noStore(reply);
      const user = requireLinkUser(request);
      const link = await recipientLinkQuery(db, request.params.linkId).where('l.is_unlisted', '=', false).executeTakeFirst();
      if (!link) throw notFound(MESSAGES.linkNotFound);
      const own = link.owner_id === user.id;
      if (!own && link.document_owner_id !== user.id) throw forbidden(RECIPIENT_MESSAGES.analyticsForbidden, 'NOT_ALLOWED');
      const ctx = await loadDocumentContext(db, link.presentation_oid, user, { viewLinkLimit: config.viewLinkLimit });
      if (!ctx) throw notFound(MESSAGES.linkNotFound);
      ensure(own ? ctx.permissions.decisions.view_link_own_get : ctx.permissions.decisions.view_link_all_get);

      const tz = request.query.tz ?? 'UTC';
      const zone = canonicalTimeZone(tz);
      if (!zone) throw badRequest(RECIPIENT_MESSAGES.unknownTimeZone, 'INVALID_TIME_ZONE');

      let totalViews = 0;
      let viewsByDay: ViewLinkDailyViews[] = [];
      let identified: IdentifiedViewer[] = [];
      let identifiedTotal = 0;
      // A link hidden from analytics (never tracked, turned off, or deactivated with its data) shows no views.
      if (link.visible_on_analytics) {
        const days = await sql<{ day: string; views: string | number }>`
          select to_char(visited_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as views
          from view_link_visits where view_link_id = ${link.id}
          group by day order by day`
          .execute(db)
          .catch((err: { code?: string }) => {
            // A zone newer than the database's own time-zone data: still the caller's input, not our failure.
            if (err.code === '22023') throw badRequest(RECIPIENT_MESSAGES.unknownTimeZone, 'INVALID_TIME_ZONE');
            throw err;
          });
        viewsByDay = days.rows.map((r) => ({ day: r.day, views: Number(r.views) }));
        totalViews = viewsByDay.reduce((sum, d) => sum + d.views, 0);
        const viewers = await db
          .selectFrom('view_link_visits')
          .select(['viewer_name', 'viewer_email', 'visited_at'])
          .where('view_link_id', '=', link.id)
          .where('viewer_email', 'is not', null)
          .orderBy('visited_at', 'desc')
          .orderBy('id', 'desc')
          .limit(IDENTIFIED_VIEWERS_SHOWN)
          .execute();
        identified = viewers.map((v) => ({ name: v.viewer_name ?? '', email: v.viewer_email ?? '', visited_at: new Date(v.visited_at).toISOString() }));
        const count = await db
          .selectFrom('view_link_visits')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('view_link_id', '=', link.id)
          .where('viewer_email', 'is not', null)
          .executeTakeFirstOrThrow();
        identifiedTotal = Number(count.n);
      }

      return {
        link: {
          link_id: link.link_id,
          name: link.name,
          url: viewLinkUrl(linkOrigin(config, request), link.link_id),
          presentation_oid: link.presentation_oid,
          document_title: link.document_title,
          created_at: new Date(link.created_at).toISOString(),
          revoked: link.revoked,
          visible_on_analytics: link.visible_on_analytics,
          viewer_identification: link.viewer_identification,
          sharer_first_name: link.first_name,
          sharer_last_name: link.last_name,
        },
        time_zone: tz,
        total_views: totalViews,
        views_by_day: viewsByDay,
        identified_viewers: identified,
        identified_total: identifiedTotal,
      };
    },
  );
}
