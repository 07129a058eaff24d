import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { identifiedOpenCookie } from './link-forms';
import { SingleLineText } from '../http/single-line';
import type {
  IdentifiedViewer,
  ViewLinkAnalytics,
  ViewLinkDailyViews,
  ViewLinkOpening,
  ViewLinkVisitResponse,
} from '@deck/shared/domains/view-links/recipient-contract';
import { IDENTIFIED_VIEWERS_SHOWN, VIEWER_NAME_MAX_LENGTH } from '@deck/shared/domains/view-links/recipient-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { MESSAGES, coded, type CodedText } from '../permissions/messages';
import {
  LINK_CODE_REQUESTS_PER_CLIENT,
  LINK_CONTROL_MESSAGES,
  LINK_PASSCODE_MAX_LENGTH,
  LINK_VERIFICATION_CODE_LENGTH,
  LINK_VERIFICATION_CODE_MAX_TRIES,
  LINK_VIEWER_BLOCKED,
} from '@deck/shared/domains/view-links/link-controls';
import { linkAsksVerification, viewerRefusal } from '../permissions/link-viewers';
import { decideLinkDownload } from '../permissions/link-download';
import { isAllowed } from '../permissions/flags';
import { clientKey, countHit } from '../services/rate-limits';
import { tooMany } from '../services/refusal';
import { viewLinkExpired } from '../permissions/view-link-access';
import { hashVerificationCode, sameHash, verifyPasscode } from '../services/link-secrets';
import { attemptFailed, attemptSucceeded, beginAttempt, type Attempt } from '../services/link-attempts';
import { sendLinkCode } from '../services/link-codes';
import { ensureLinkUnlocked, ensurePasscodeGiven, linkOpensFor, linkUnlockedBy, refuseClosedLink, setUnlockCookie } from './link-gate';
import { loadDocumentContext } from '../services/documents';
import { isValidEmail, normalizeEmail } from '../services/users';
import { canonicalTimeZone } from '../services/time-zones';
import { rateLimitHook } from '../services/rate-limits';
import { isValidVisitId, issueVisitId, VISIT_ID_PATTERN } from '../services/visit-ids';
import { EmailString, ensure, linkOrigin, noStore, requestLocale, type App, type RouteDeps } from './common';
import { LinkParams, requireLinkUser, viewLinkUrl } from './viewlinks';
import { RECIPIENT_MESSAGES } from '../messages/recipient';
import {
  countVerificationTry,
  dailyViews,
  identifiedViewers,
  insertVisit,
  recordedVisit,
  useVerificationCode,
  visitRecorded,
} from '../repositories/link-visits';
import { findRecipientLink } from '../repositories/view-links';
import { countDownloads } from '../repositories/link-downloads';
import { noteLinkOpen } from '../services/link-open-notices';
import { noteLinkOpenedWebhook } from '../services/webhook-deliveries';
import { slideEngagement, visitEngagement } from '../repositories/link-engagement';
import { ENGAGEMENT_VISITS_SHOWN, type SlideEngagement, type VisitEngagement } from '@deck/shared/domains/viewer/slide-engagement';

/** Milliseconds as seconds with one decimal. */
const tenths = (ms: number) => Math.round(ms / 100) / 10;

const VisitBody = Type.Object(
  {
    // Issued by GET …/open/ (never chosen by the client), so a client cannot invent viewers.
    open_id: Type.String({ maxLength: 100, pattern: VISIT_ID_PATTERN }),
    viewer_name: Type.Optional(SingleLineText({ maxLength: VIEWER_NAME_MAX_LENGTH })),
    viewer_email: Type.Optional(Type.String({ maxLength: 320 })),
  },
  { additionalProperties: false },
);

const UnlockBody = Type.Object({ passcode: Type.String({ minLength: 1, maxLength: LINK_PASSCODE_MAX_LENGTH }) }, { additionalProperties: false });
const VerificationBody = Type.Object({ email: EmailString }, { additionalProperties: false });
const ConfirmBody = Type.Object(
  { email: EmailString, code: Type.String({ pattern: `^[0-9]{${LINK_VERIFICATION_CODE_LENGTH}}$` }) },
  { additionalProperties: false },
);

const AnalyticsQuery = Type.Object({ tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });

/**
 * the recipient side: a recipient opens a link (/l/<linkId> in the shell), each open of a
 * link visible on analytics is recorded (with the viewer's name and e-mail when the link asks for
 * them), and the link's creator and the document's owner read the result.
 */
export function recipientRoutes(app: App, { db, config }: RouteDeps): void {
  /** The open this browser identified itself for on the link (a signed visit id, recorded), with the name given: null when none. */
  async function identifiedVisit(request: FastifyRequest, link: { id: number; link_id: string }): Promise<{ open: string; name: string | null } | null> {
    const open = request.cookies[identifiedOpenCookie(link.link_id)];
    if (!open || !isValidVisitId(config.sessionSecret, link.link_id, open, config.now(), config.visitIdMaxAgeSeconds)) return null;
    const visit = await recordedVisit(db, link.id, open);
    return visit ? { open, name: visit.viewer_name } : null;
  }

  // Public: anyone holding the link may open it. A deactivated link says so (410) and shows nothing of the document.
  app.get('/api/v1/prezilink/:linkId/open/', { schema: { params: LinkParams } }, async (request, reply): Promise<ViewLinkOpening> => {
    noStore(reply);
    const link = await findRecipientLink(db, request.params.linkId);
    if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
    refuseClosedLink(link, config.now());
    // A protected link says only what it needs (its code); nothing of the document before it is unlocked.
    const verifiedEmail = ensureLinkUnlocked(request, config, link);
    const asks = !link.is_unlisted && link.viewer_identification;
    // Spec §4 viewer identification: the page a name form's post without JavaScript comes back to opens on the
    // open it recorded (link-forms.ts), not asked again and not counted twice.
    const identifiedOpen = asks ? await identifiedVisit(request, link) : null;
    return {
      link_id: link.link_id,
      presentation_oid: link.presentation_oid,
      document_title: link.document_title,
      sharer_first_name: link.first_name,
      sharer_last_name: link.last_name,
      viewer_identification: asks && identifiedOpen === null,
      open_id: identifiedOpen?.open ?? issueVisitId(config.sessionSecret, link.link_id, config.now()),
      verified_email: verifiedEmail,
      // The page shows the slides only once the visitor identified themselves, when the link asks: offered as then.
      can_download: isAllowed(decideLinkDownload(link, { identified: true })),
      watermark: !link.is_unlisted && link.watermark,
      opened_at: config.now().toISOString(),
      viewer_name: identifiedOpen?.name ?? null,
    };
  });

  app.post(
    '/api/v1/prezilink/:linkId/visits/',
    { schema: { params: LinkParams, body: VisitBody }, preHandler: rateLimitHook(db, config, 'visits') },
    async (request, reply): Promise<ViewLinkVisitResponse> => {
      const body = request.body;
      if (!isValidVisitId(config.sessionSecret, request.params.linkId, body.open_id, config.now(), config.visitIdMaxAgeSeconds)) {
        throw badRequest(coded(RECIPIENT_MESSAGES, 'visitIdInvalid'), 'INVALID_VISIT_ID');
      }
      return db.transaction().execute(async (trx) => {
        // Locking the link serialises the visits of one link, so a repeated open id is seen as such.
        const link = await findRecipientLink(trx, request.params.linkId, { forUpdate: true });
        if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
        refuseClosedLink(link, config.now());
        const verifiedEmail = ensureLinkUnlocked(request, config, link);
        const identification = !link.is_unlisted && link.viewer_identification;
        const name = body.viewer_name?.trim() ?? '';
        // An allow-listed link's viewer is the address they verified, whatever the form says.
        const email = verifiedEmail ?? body.viewer_email?.trim() ?? '';
        // Spec §4: an open already recorded is answered as recorded, the name not asked again: the page of a viewer
        // who identified themselves opens on that open (identifiedVisit) and sends it without the name.
        if (identification && !name && link.visible_on_analytics && (await visitRecorded(trx, link.id, body.open_id))) {
          reply.code(200);
          return { recorded: true };
        }
        if (identification) {
          if (!name) throw badRequest(coded(RECIPIENT_MESSAGES, 'nameRequired'), 'NAME_REQUIRED');
          if (!isValidEmail(email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
        }
        const recordsViewer = identification || verifiedEmail !== null;
        if (link.is_unlisted || !link.visible_on_analytics) {
          reply.code(200);
          return { recorded: false };
        }
        if (await visitRecorded(trx, link.id, body.open_id)) {
          reply.code(200);
          return { recorded: true };
        }
        await insertVisit(trx, {
          document_id: link.document_id,
          view_link_id: link.id,
          visited_at: config.now(),
          user_id: request.currentUser?.id ?? null,
          // Only a link that asks for them stores a name and an e-mail; nothing unasked is kept.
          viewer_name: recordsViewer ? name : null,
          viewer_email: recordsViewer ? normalizeEmail(email) : null,
          // The column holds the id of the open, which makes the record idempotent per open.
          session_id: body.open_id,
        });
        const visit = { name: recordsViewer ? name : null, email: recordsViewer ? normalizeEmail(email) : null, at: config.now() };
        await noteLinkOpen(trx, link, visit, linkOrigin(config, request));
        // The team's webhook hears of the visit in the same transaction (docs/decisions.md, *Team webhook*).
        await noteLinkOpenedWebhook(trx, link, visit);
        reply.code(201);
        return { recorded: true };
      });
    },
  );

  /** A wrong passcode or code: the client's next attempt waits (services/link-attempts.ts); the answer says how many it has left. */
  async function refuseWrong(attempt: Attempt, message: CodedText, code: string): Promise<never> {
    await attemptFailed(db, attempt, config.now());
    throw forbidden(message, code, { attempts_left: attempt.clientAttemptsLeft });
  }

  // Public: the passcode of a protected link. Right: an unlock cookie for this link (link-gate.ts); never echoed.
  // Every attempt is counted before the compare (services/link-attempts.ts); a browser that holds the unlock is not asked.
  app.post('/api/v1/prezilink/:linkId/unlock/', { schema: { params: LinkParams, body: UnlockBody } }, async (request, reply) => {
    noStore(reply);
    const link = await findRecipientLink(db, request.params.linkId);
    if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
    refuseClosedLink(link, config.now());
    if (!link.passcode_hash || linkUnlockedBy(request, config, link, 'passcode')) return reply.code(204).send();
    const attempt = await beginAttempt(db, { documentId: link.document_id, viewLinkId: link.id, kind: 'passcode', clientKey: clientKey(request) }, config.now());
    if (!(await verifyPasscode(request.body.passcode, link.passcode_hash))) {
      return refuseWrong(attempt, coded(LINK_CONTROL_MESSAGES, 'passcodeWrong'), 'LINK_PASSCODE_WRONG');
    }
    await attemptSucceeded(db, attempt);
    setUnlockCookie(reply, config, 'passcode', link);
    return reply.code(204).send();
  });

  /**
   * Public: sends a one-time code to an address that may verify on the link (any, or one on its allow list; a blocked
   * one too, to be told at its code: permissions/link-viewers.ts), through the outbox, the live one again while there
   * is one. The answer, and the work behind it, are the same whether the address is on the allow list or not
   * (services/link-codes.ts), so the list cannot be read by trying addresses, nor by timing them.
   */
  app.post('/api/v1/prezilink/:linkId/verification/', { schema: { params: LinkParams, body: VerificationBody } }, async (request, reply) => {
    noStore(reply);
    if (!isValidEmail(request.body.email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
    const email = normalizeEmail(request.body.email);
    const requests = await countHit(db, 'link-code-client', clientKey(request), LINK_CODE_REQUESTS_PER_CLIENT, config.now());
    if (requests.hits > LINK_CODE_REQUESTS_PER_CLIENT.max) throw tooMany(coded(LINK_CONTROL_MESSAGES, 'tooManyAttempts'), requests.retryAfter);
    await db.transaction().execute(async (trx) => {
      const link = await findRecipientLink(trx, request.params.linkId, { forUpdate: true });
      if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
      const now = config.now();
      refuseClosedLink(link, now);
      // The passcode comes first: no code is sent for a link the browser has not unlocked.
      ensurePasscodeGiven(request, config, link);
      if (!linkAsksVerification(link)) throw badRequest(coded(LINK_CONTROL_MESSAGES, 'verificationNotProtected'), 'NOT_PROTECTED');
      await sendLinkCode(trx, config.sessionSecret, now, { link, email, locale: requestLocale(request) });
    });
    return reply.code(202).send({ sent: true });
  });

  // Public: the code from the e-mail. Right: a verified-address cookie for this link; the code is used up.
  app.post('/api/v1/prezilink/:linkId/verification/confirm/', { schema: { params: LinkParams, body: ConfirmBody } }, async (request, reply) => {
    noStore(reply);
    const email = normalizeEmail(request.body.email);
    const link = await findRecipientLink(db, request.params.linkId);
    if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
    const now = config.now();
    refuseClosedLink(link, now);
    if (!linkAsksVerification(link)) throw badRequest(coded(LINK_CONTROL_MESSAGES, 'verificationNotProtected'), 'NOT_PROTECTED');
    ensurePasscodeGiven(request, config, link);
    if (linkOpensFor(request, config, link)) return reply.code(204).send();
    const attempt = await beginAttempt(db, { documentId: link.document_id, viewLinkId: link.id, kind: 'code', clientKey: clientKey(request) }, now);
    const expected = hashVerificationCode(config.sessionSecret, link.link_id, email, request.body.code);
    const used = await useVerificationCode(db, link, email, expected, now, LINK_VERIFICATION_CODE_MAX_TRIES);
    const refusal = viewerRefusal(email, link);
    if (!used || !sameHash(used.code_hash, expected) || refusal === 'not_allowed') {
      await countVerificationTry(db, link, email);
      return refuseWrong(attempt, coded(LINK_CONTROL_MESSAGES, 'verificationWrong'), 'LINK_CODE_WRONG');
    }
    await attemptSucceeded(db, attempt);
    // The address is the visitor's (the code came to it): a blocked one is told so, and the link stays shut.
    if (refusal === 'blocked') throw forbidden(coded(LINK_CONTROL_MESSAGES, 'viewerBlocked'), LINK_VIEWER_BLOCKED);
    setUnlockCookie(reply, config, 'verified', link, email);
    return reply.code(204).send();
  });

  app.get(
    '/api/v1/prezilink/:linkId/analytics/',
    { schema: { params: LinkParams, querystring: AnalyticsQuery } },
    async (request, reply): Promise<ViewLinkAnalytics> => {
      noStore(reply);
      const user = requireLinkUser(request);
      const link = await findRecipientLink(db, request.params.linkId, { listedOnly: true });
      if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
      const own = link.owner_id === user.id;
      if (!own && link.document_owner_id !== user.id) throw forbidden(coded(RECIPIENT_MESSAGES, 'analyticsForbidden'), 'NOT_ALLOWED');
      const ctx = await loadDocumentContext(db, link.presentation_oid, user, { viewLinkLimit: config.viewLinkLimit });
      if (!ctx) throw notFound(coded(MESSAGES, 'linkNotFound'));
      ensure(own ? ctx.permissions.decisions.view_link_own_get : ctx.permissions.decisions.view_link_all_get);

      const tz = request.query.tz ?? 'UTC';
      const zone = canonicalTimeZone(tz);
      if (!zone) throw badRequest(coded(RECIPIENT_MESSAGES, 'unknownTimeZone'), 'INVALID_TIME_ZONE');

      let totalViews = 0;
      let downloads = 0;
      let viewsByDay: ViewLinkDailyViews[] = [];
      let identified: IdentifiedViewer[] = [];
      let identifiedTotal = 0;
      let slides: SlideEngagement[] = [];
      let visits: VisitEngagement[] = [];
      // A link hidden from analytics (never tracked, turned off, or deactivated with its data) shows no views.
      if (link.visible_on_analytics) {
        // Decided on the primary above; the figures may come from a replica (db/read-replica.ts).
        const figures = await request.reads();
        viewsByDay = await dailyViews(figures, link.id, zone).catch((err: { code?: string }) => {
          // A zone newer than the database's own time-zone data: still the caller's input, not our failure.
          if (err.code === '22023') throw badRequest(coded(RECIPIENT_MESSAGES, 'unknownTimeZone'), 'INVALID_TIME_ZONE');
          throw err;
        });
        totalViews = viewsByDay.reduce((sum, d) => sum + d.views, 0);
        downloads = await countDownloads(figures, link.id);
        const { viewers, total } = await identifiedViewers(figures, link.id, IDENTIFIED_VIEWERS_SHOWN);
        identified = viewers.map((v) => ({ name: v.viewer_name ?? '', email: v.viewer_email ?? '', visited_at: new Date(v.visited_at).toISOString() }));
        identifiedTotal = total;
        slides = (await slideEngagement(figures, link.id)).map((s) => ({ slide: s.slide + 1, visits: s.visits, seconds: tenths(s.ms) }));
        visits = (await visitEngagement(figures, link.id, ENGAGEMENT_VISITS_SHOWN)).map((v) => ({
          visited_at: new Date(v.visited_at).toISOString(),
          name: v.viewer_name ?? '',
          email: v.viewer_email ?? '',
          device: v.device,
          seconds: tenths(Number(v.ms)),
          slides_seen: Number(v.slides_seen),
        }));
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
          has_passcode: link.passcode_hash !== null,
          expires_at: link.expires_at === null ? null : new Date(link.expires_at).toISOString(),
          expired: viewLinkExpired(link, config.now()),
          allowed_viewers_count: link.allowed_viewers.length,
          allow_download: link.allow_download,
          sharer_first_name: link.first_name,
          sharer_last_name: link.last_name,
        },
        time_zone: tz,
        total_views: totalViews,
        downloads,
        views_by_day: viewsByDay,
        identified_viewers: identified,
        identified_total: identifiedTotal,
        slides,
        visits,
      };
    },
  );
}
