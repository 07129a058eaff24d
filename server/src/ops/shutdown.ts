import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** What a shutdown stops, in order (docs/deploying.md, *Stopping and rolling restarts*). */
export interface ShutdownParts {
  app: FastifyInstance;
  /** Stops taking e-mails after the one being sent; resolves once that one's outcome is recorded. */
  stopOutbox: () => Promise<void>;
  /**
   * Ends the open live sharing streams (they never finish by themselves, so the listener could not close); the
   * browsers reconnect through the balancer to an instance that is not stopping.
   */
  closeLiveStreams: () => void;
  /** Closes the database pool and anything else left (the metrics listener). */
  closeRest: () => Promise<void>;
  /** Marks the process as draining: /readyz answers 503 and every answer carries Connection: close. */
  startDraining: () => void;
  logger: Logger;
  drainSeconds: number;
  graceSeconds: number;
  /** Ends the process (tests pass their own). */
  exit: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM (or SIGINT): stop taking new work without losing any.
 * 1. Draining: /readyz fails so the balancer takes the instance out, every answer says Connection: close so no
 *    client sends another request on its connection; requests are still answered for `drainSeconds`.
 * 2. The live sharing streams end, the listener closes (no new connections), idle connections close, in-flight
 *    requests finish; at the same time the outbox stops after the message it is sending.
 * 3. The database pool closes and the process exits 0. Past `graceSeconds` it exits 1 whatever is left.
 * A second signal exits at once. Each step is logged.
 */
export function gracefulShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  const { logger } = parts;
  let started = false;
  return async (signal: string) => {
    if (started) {
      logger.warn({ signal }, 'second signal during shutdown: exiting now');
      parts.exit(1);
      return;
    }
    started = true;
    const deadline = setTimeout(() => {
      logger.error({ grace_seconds: parts.graceSeconds }, 'shutdown grace period over: exiting with work still open');
      parts.exit(1);
    }, parts.graceSeconds * 1000);
    deadline.unref();
    logger.info({ signal, drain_seconds: parts.drainSeconds, grace_seconds: parts.graceSeconds }, 'shutdown started: draining (readiness fails, answers close their connections)');
    parts.startDraining();
    try {
      if (parts.drainSeconds > 0) await sleep(parts.drainSeconds * 1000);
      parts.closeLiveStreams();
      logger.info('shutdown: live streams ended, listener closed, finishing in-flight requests; outbox stops after its current message');
      await Promise.all([
        parts.app.close().then(() => logger.info('shutdown: every request answered')),
        parts.stopOutbox().then(() => logger.info('shutdown: outbox stopped')),
      ]);
      await parts.closeRest();
      logger.info('shutdown complete');
      clearTimeout(deadline);
      parts.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      clearTimeout(deadline);
      parts.exit(1);
    }
  };
}
