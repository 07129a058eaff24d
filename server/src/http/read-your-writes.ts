import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { walPosition, type ReadRouting } from '../db/read-replica';
import { sessionCookieAttributes } from './session';

/** Where a browser's last write ended in the primary's WAL (db/read-replica.ts): its reads wait for the replica to pass it. */
export const WRITTEN_COOKIE = 'deck_written';
/** Long past any replica lag worth waiting for; a replica further behind keeps the session on the primary anyway. */
const WRITTEN_MAX_AGE_SECONDS = 60 * 60;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database for a read that may be slightly old (lists, analytics, the activity log): the replica once it
     * has replayed this browser's last write, else the primary. Never for a permission decision.
     */
    reads(): Promise<Database>;
  }
}

/**
 * Read-your-writes across a replica (docs/decisions.md, *Reads from a replica*): each successful write answers with
 * the primary's WAL position after it, in a cookie, and the reads of that browser go to the replica only once it has
 * replayed that far. Without a replica, reads are the primary's and no cookie is set.
 */
export function registerReadYourWrites(app: FastifyInstance, routing: ReadRouting, config: ServerConfig): void {
  app.decorateRequest('reads', function reads() {
    const written = this.cookies[WRITTEN_COOKIE];
    return routing.readsFor(walPosition(written) === null ? null : written!);
  });
  if (!routing.hasReplica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (MUTATING.has(request.method) && reply.statusCode < 400) {
      reply.setCookie(WRITTEN_COOKIE, await routing.writePosition(), { ...sessionCookieAttributes(config), httpOnly: true, maxAge: WRITTEN_MAX_AGE_SECONDS });
    }
    return payload;
  });
}
