import { Type } from 'typebox';
import { beaconRoutes } from '../http/beacon-body';
import { rateLimitHook } from '../services/rate-limits';
import { insertAnalyticsEvent, insertClientLog } from '../repositories/telemetry';
import type { App, RouteDeps } from './common';

const LogEntry = Type.Object(
  {
    level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]),
    message: Type.String({ maxLength: 2000 }),
    object: Type.Optional(Type.String({ maxLength: 200 })),
    action: Type.Optional(Type.String({ maxLength: 200 })),
    trigger: Type.Optional(Type.String({ maxLength: 200 })),
    category: Type.Optional(Type.String({ maxLength: 200 })),
    source: Type.Optional(Type.String({ maxLength: 200 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    platform: Type.Optional(Type.String({ maxLength: 200 })),
    session_id: Type.Optional(Type.String({ maxLength: 200 })),
    client_time: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
);

const AnalyticsEvent = Type.Object({
  core: Type.Object({
    type: Type.String({ maxLength: 200 }),
    schema_id: Type.String({ maxLength: 200 }),
    client_time: Type.String({ maxLength: 100 }),
    event_source: Type.String({ maxLength: 200 }),
    event_type: Type.String({ maxLength: 200 }),
  }),
  platform: Type.String({ maxLength: 200 }),
  user: Type.Object({ session_id: Type.String({ maxLength: 200 }) }),
  body: Type.Object({ event_name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true }),
});

/** The browser's log entries and analytics events, stored for the operator. */
export function telemetryIntakeRoutes(app: App, { db, config }: RouteDeps): void {
  // ---- Telemetry intake (CSRF-exempt: navigator.sendBeacon cannot set headers) ----
  app.post(
    '/api/v1/log/',
    { bodyLimit: config.telemetryMaxBytes, config: { csrfExempt: true }, schema: { body: Type.Array(LogEntry, { minItems: 1, maxItems: 1 }) }, preHandler: rateLimitHook(db, config, 'log') },
    async (request, reply) => {
      const entry = request.body[0];
      await insertClientLog(db, { received_at: config.now(), user_id: request.currentUser?.id ?? null, level: entry.level, message: entry.message, entry: JSON.stringify(entry) });
      reply.code(204);
    },
  );

  // sendBeacon posts a string as text/plain (http/beacon-body.ts).
  beaconRoutes(app, (scope) => {
    scope.post(
      '/api/v1/analytics/events/',
      { bodyLimit: config.telemetryMaxBytes, config: { csrfExempt: true }, schema: { body: AnalyticsEvent }, preHandler: rateLimitHook(db, config, 'events') },
      async (request, reply) => {
        await insertAnalyticsEvent(db, { received_at: config.now(), user_id: request.currentUser?.id ?? null, event_name: request.body.body.event_name, payload: JSON.stringify(request.body) });
        reply.code(204);
      },
    );
  });
}
