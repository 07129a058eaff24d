import { Type } from 'typebox';
import { LINK_DOWNLOAD_FORBIDDEN, watermarkViewer } from '@deck/shared/domains/view-links/link-download';
import { badRequest, forbidden, notFound } from '../http/errors';
import { MESSAGES, coded } from '../permissions/messages';
import { isAllowed } from '../permissions/flags';
import { decideLinkDownload } from '../permissions/link-download';
import { RECIPIENT_MESSAGES } from '../messages/recipient';
import { findRecipientLink } from '../repositories/view-links';
import { recordLinkDownload } from '../services/link-downloads';
import { documentForPdf } from '../repositories/link-downloads';
import { recordedVisit } from '../repositories/link-visits';
import { renderLinkPdf } from '../services/link-pdf';
import { rateLimitHook } from '../services/rate-limits';
import { canonicalTimeZone } from '../services/time-zones';
import { isValidVisitId, VISIT_ID_PATTERN } from '../services/visit-ids';
import { ensureLinkUnlocked, refuseClosedLink } from './link-gate';
import { LinkParams } from './viewlinks';
import { noStore, requestLocale, type App, type RouteDeps } from './common';

const DownloadQuery = Type.Object(
  {
    // The open of the page that asks (GET …/open/ issued it): the visit it recorded names the viewer on the watermark.
    open_id: Type.String({ maxLength: 100, pattern: VISIT_ID_PATTERN }),
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

/** A file name a browser saves without surprises: the title's letters, digits and spaces. */
const fileName = (title: string) => `${title.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().slice(0, 80) || 'presentation'}.pdf`;

/**
 * The link's slides as a PDF (docs/api.md, *Download as PDF*). Public, as the view is, and behind the same gate: a
 * live link (not expired or deactivated) this browser unlocked, verified and was not blocked on (link-gate.ts);
 * then the link must allow downloads and, when it asks visitors who they are, this open must have been identified
 * (permissions/link-download.ts). Each PDF handed out is recorded for the link's owner.
 */
export function linkDownloadRoutes(app: App, { db, config }: RouteDeps): void {
  app.get(
    '/api/v1/prezilink/:linkId/download.pdf',
    { schema: { params: LinkParams, querystring: DownloadQuery }, preHandler: rateLimitHook(db, config, 'download') },
    async (request, reply) => {
      noStore(reply);
      const now = config.now();
      const { linkId } = request.params;
      const { open_id: openId, tz } = request.query;
      if (!isValidVisitId(config.sessionSecret, linkId, openId, now, config.visitIdMaxAgeSeconds)) {
        throw badRequest(coded(RECIPIENT_MESSAGES, 'visitIdInvalid'), 'INVALID_VISIT_ID');
      }
      const zone = canonicalTimeZone(tz ?? 'UTC');
      if (!zone) throw badRequest(coded(RECIPIENT_MESSAGES, 'unknownTimeZone'), 'INVALID_TIME_ZONE');
      const link = await findRecipientLink(db, linkId);
      if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
      refuseClosedLink(link, now);
      const verifiedEmail = ensureLinkUnlocked(request, config, link);
      const visit = await recordedVisit(db, link.id, openId);
      const decision = decideLinkDownload(link, { identified: !!visit?.viewer_name });
      if (!isAllowed(decision)) throw forbidden(decision.reason ?? coded(RECIPIENT_MESSAGES, 'downloadForbidden'), LINK_DOWNLOAD_FORBIDDEN);

      const document = await documentForPdf(db, link.document_id);
      const viewer = watermarkViewer(verifiedEmail, visit?.viewer_name ?? null);
      const pdf = await renderLinkPdf(
        { title: document.title, description: document.description, ownerName: `${document.first_name} ${document.last_name}`.trim(), pageCount: document.page_count },
        requestLocale(request),
        link.watermark ? { viewer, at: visit ? new Date(visit.visited_at) : now, timeZone: zone } : null,
      );
      await recordLinkDownload(db, link, { viewer, email: verifiedEmail, name: visit?.viewer_name ?? null, actorId: request.currentUser?.id ?? null, at: now });
      const name = fileName(document.title);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    },
  );
}
