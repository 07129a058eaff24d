import { Type } from 'typebox';
import { deviceClass, SLIDE_TIMES_BATCH_MAX_ENTRIES, SLIDE_TIMES_BATCH_MAX_MS } from '@deck/shared/domains/viewer/slide-engagement';
import { beaconRoutes } from '../http/beacon-body';
import { badRequest, notFound } from '../http/errors';
import { MESSAGES, coded } from '../permissions/messages';
import { RECIPIENT_MESSAGES } from '../messages/recipient';
import { addSlideTimes } from '../repositories/link-engagement';
import { findRecipientLink } from '../repositories/view-links';
import { rateLimitHook } from '../services/rate-limits';
import { isValidVisitId, VISIT_ID_PATTERN } from '../services/visit-ids';
import { ensureLinkUnlocked, refuseClosedLink } from './link-gate';
import { LinkParams } from './viewlinks';
import type { App, RouteDeps } from './common';

const SlideTimesParams = Type.Object({ linkId: LinkParams.properties.linkId, openId: Type.String({ maxLength: 100, pattern: VISIT_ID_PATTERN }) });

const SlideTimesBody = Type.Object(
  {
    times: Type.Array(Type.Tuple([Type.Integer({ minimum: 0, maximum: 9999 }), Type.Integer({ minimum: 0, maximum: SLIDE_TIMES_BATCH_MAX_MS })]), {
      minItems: 1,
      maxItems: SLIDE_TIMES_BATCH_MAX_ENTRIES,
    }),
  },
  { additionalProperties: false },
);

/** A batch of slide times is a few hundred bytes; nothing bigger is read. */
const SLIDE_TIMES_MAX_BYTES = 2048;

/**
 * The slide times of one open of a trackable link (shared/src/domains/viewer/slide-engagement.ts), sent by the
 * view page with navigator.sendBeacon. Public, as the visit is: the right to add to a visit is its server-issued,
 * signed open id together with what opened the link (its unlock or verification); the visit must have been
 * recorded, so a link that records none (unlisted, or without analytics) takes no times either.
 */
export function linkEngagementRoutes(app: App, { db, config }: RouteDeps): void {
  beaconRoutes(app, (scope) => {
    scope.post(
      '/api/v1/prezilink/:linkId/visits/:openId/slides/',
      {
        bodyLimit: SLIDE_TIMES_MAX_BYTES,
        config: { csrfExempt: true },
        schema: { params: SlideTimesParams, body: SlideTimesBody },
        preHandler: rateLimitHook(db, config, 'slide-times'),
      },
      async (request, reply) => {
        const { linkId, openId } = request.params;
        const now = config.now();
        if (!isValidVisitId(config.sessionSecret, linkId, openId, now, config.visitIdMaxAgeSeconds)) {
          throw badRequest(coded(RECIPIENT_MESSAGES, 'visitIdInvalid'), 'INVALID_VISIT_ID');
        }
        const times = request.body.times;
        if (times.reduce((sum, [, ms]) => sum + ms, 0) > SLIDE_TIMES_BATCH_MAX_MS) throw badRequest(coded(RECIPIENT_MESSAGES, 'slideTimesTooLong'), 'INVALID_SLIDE_TIMES');
        const link = await findRecipientLink(db, linkId);
        if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
        refuseClosedLink(link, now);
        ensureLinkUnlocked(request, config, link);
        if (!(await addSlideTimes(db, link.id, openId, times, deviceClass(request.headers['user-agent'])))) {
          throw notFound(coded(RECIPIENT_MESSAGES, 'visitNotRecorded'));
        }
        return reply.code(204).send();
      },
    );
  });
}
