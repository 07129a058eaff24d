import type { FastifyInstance } from 'fastify';
import { connectionSettingsOf, type Database } from '../db/database';
import { ReadCache, attachReadCache, detachReadCache } from '../db/read-cache';
import type { ServerConfig } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Route option: this mutating route changes only counters (a like, a view), which send no notice and which
     * it forgets from this instance's memory itself (services/likes.ts): its answer does not wait for the probe.
     */
    countersOnly?: boolean;
  }
}

/**
 * Answers reads from memory while it is provably current (db/read-cache.ts; docs/decisions.md, *How a request
 * reads the database*). A change is in effect at once on the instance that made it: a mutating request's
 * answer waits until this instance has applied every notice committed before it (a probe on the listening
 * connection), so the next request of anyone, here, sees it. Other instances apply it when its notice arrives.
 */
export async function registerReadCache(app: FastifyInstance, db: Database, config: ServerConfig): Promise<ReadCache | null> {
  // A database without its own connection settings (a Kysely wrapped by a plugin) cannot open a listener.
  if (!config.readCache.enabled || !connectionSettingsOf(db)) return null;
  const cache = new ReadCache(db, {
    onProblem: (err, attempt) => app.log.warn({ err, attempt }, 'read cache: listening connection lost or behind; reading the database until it is back'),
  });
  attachReadCache(db, cache);
  app.metrics?.watchReadCache(cache);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.countersOnly) return done(null, payload);
    cache.barrier().then(() => done(null, payload), done);
  });
  if (config.readCache.awaitNoticesEachRequest) {
    // Tests write to the database directly between requests: each request first sees those writes' notices.
    app.addHook('onRequest', async () => cache.barrier());
  }
  app.addHook('onClose', async () => {
    detachReadCache(db, cache);
    await cache.close();
  });
  await cache.start();
  return cache;
}
