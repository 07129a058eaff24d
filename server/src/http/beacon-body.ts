import { badRequest } from './errors';
import { SERVER_TEXTS } from '../messages/server-texts';
import { coded } from '../permissions/messages';
import type { FastifyInstance } from 'fastify';

/**
 * Routes that take `navigator.sendBeacon` posts: a beacon sends a string as `text/plain` (a JSON type would not be
 * CORS-safelisted), so in this scope alone such a body is parsed as JSON; bad JSON is a 400 like any other.
 * Beacons cannot set a header either: these routes are CSRF-exempt and must not act on the session's authority.
 */
export function beaconRoutes<App extends FastifyInstance>(app: App, register: (scope: App) => void): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(coded(SERVER_TEXTS, 'invalid_json'), 'INVALID_JSON'), undefined);
      }
    });
    // The scope is the app's own kind (its type provider too), narrowed to this content type.
    register(scope as unknown as App);
  });
}
