import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { buildApp } from '../app';
import { settableClock } from '../clock';
import type { Database } from '../db/database';
import { startOutboxSender, type OutboxEvents, type OutboxSender } from '../mail/outbox';
import { startWebhookSender, type WebhookEvents } from '../services/webhook-deliveries';
import { createTransport, smtpTarget } from '../mail/transport';
import type { ReadinessSources } from './health';
import { serveMetrics, type Metrics } from './metrics';
import type { ProcessSettings } from './settings';
import { gracefulShutdown } from './shutdown';
import { databaseTarget } from './startup-errors';

/** The outbox's events as log lines and metrics (never the recipient's address or the message: it holds links with tokens). */
function outboxEvents(logger: Logger, metrics: Metrics): OutboxEvents {
  return {
    sent({ id, kind, attempts }) {
      metrics.outboxSent.inc();
      logger.debug({ outbox_id: id, kind, attempts }, 'e-mail sent');
    },
    failed({ id, kind, attempts, final, reason, nextAttemptAt }) {
      metrics.outboxFailures.inc({ final: String(final) });
      if (final) logger.error({ outbox_id: id, kind, attempts, reason }, 'e-mail given up: the mail server refused it every time');
      else logger.warn({ outbox_id: id, kind, attempts, reason, next_attempt_at: nextAttemptAt?.toISOString() }, 'e-mail not accepted by the mail server: will try again');
    },
    leaseLost({ id, kind }) {
      logger.warn({ outbox_id: id, kind }, 'e-mail lease ran out while sending: another sender may send it too');
    },
  };
}

/** The webhook sender's events as log lines (the delivery's id only: never the body, the address or the secret). */
function webhookEvents(logger: Logger): WebhookEvents {
  return {
    delivered({ id, attempts, status }) {
      logger.debug({ webhook_delivery: id, attempts, status }, 'webhook delivered');
    },
    failed({ id, attempts, final, reason }) {
      if (final) logger.warn({ webhook_delivery: id, attempts, reason }, 'webhook delivery given up');
      else logger.info({ webhook_delivery: id, attempts, reason }, 'webhook delivery failed: will try again');
    },
  };
}

/**
 * The running server around the app: the outbox sender, the SMTP check, the metrics listener, the listener
 * itself and the shutdown on SIGTERM/SIGINT (main.ts opens the database and hands it over).
 */
export async function serve(opts: { settings: ProcessSettings; logger: Logger; metrics: Metrics; db: Database; readReplica?: Database; sessionSecret: string }): Promise<void> {
  const { settings, logger, metrics, db, readReplica } = opts;
  const transport = createTransport(settings.mail);
  let sender: OutboxSender | null = null;
  let draining = false;
  const readiness: ReadinessSources = {
    // Mail turned off (MAIL_DISABLED=1) is the operator's choice, not a fault.
    outboxRunning: () => (transport ? sender?.running() === true : true),
    draining: () => draining,
  };

  const config = { ...settings.config, sessionSecret: opts.sessionSecret, now: settings.config.now ?? (() => new Date()) };
  if (config.testMode && !config.production) {
    // One clock for the app and the outbox sender, so mail written at a set time is sent (server/src/clock.ts).
    config.clock = settableClock(config.now, { production: !!config.production });
    config.now = config.clock.now;
  }
  const app = await buildApp({
    db,
    staticDir: settings.staticDir,
    config,
    logger,
    metrics,
    readiness,
    readReplica,
  });
  metrics.watchOutbox(db);

  // E-mails are written to the outbox by the requests that send them and delivered from here, so a slow or
  // failing mail server never holds up a request; what a restart interrupts is picked up again.
  if (transport) {
    sender = startOutboxSender(db, transport, {
      now: config.now,
      intervalMs: settings.outboxIntervalMs,
      events: outboxEvents(logger, metrics),
      onError: (err) => logger.error({ err }, 'outbox: could not read or update the outbox'),
    });
  }
  // Team webhooks are written by the requests that record what they tell and sent from here (docs/decisions.md,
  // *Team webhook*), so a slow receiver never holds up a request.
  const webhookSender = startWebhookSender(db, {
    now: config.now,
    serverSecret: config.sessionSecret,
    address: { allowLocalHttp: config.webhooks?.allowLocalHttp === true && !config.production },
    intervalMs: settings.outboxIntervalMs,
    events: webhookEvents(logger),
    onError: (err) => logger.error({ err }, 'webhooks: could not read or update the deliveries'),
  });
  if (settings.mail.kind === 'smtp') {
    const target = smtpTarget(settings.mail.url);
    transport!.verify().then(
      () => logger.info({ smtp: target }, 'SMTP server accepted the connection and login'),
      (err: Error) =>
        logger.warn(
          { smtp: target, reason: err.message },
          'SMTP server check failed: e-mails wait in the outbox and are retried until the server takes them; check SMTP_URL',
        ),
    );
  }

  let metricsServer: Server | null = null;
  if (settings.metrics.port !== null) {
    metricsServer = await serveMetrics(metrics, settings.metrics.port, settings.metrics.host);
    logger.info({ url: `http://${settings.metrics.host}:${settings.metrics.port}/metrics` }, 'metrics listening');
  }

  const shutdown = gracefulShutdown({
    app,
    logger,
    drainSeconds: settings.shutdown.drainSeconds,
    graceSeconds: settings.shutdown.graceSeconds,
    startDraining: () => {
      draining = true;
    },
    closeLiveStreams: () => app.liveStreams.closeAll(),
    stopOutbox: async () => {
      await Promise.all([sender?.stop(), webhookSender.stop()]);
    },
    closeRest: async () => {
      await Promise.all([db.destroy(), readReplica?.destroy()]);
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  logger.info(
    {
      mode: settings.production ? 'production' : 'demo',
      port,
      host: settings.host,
      database: databaseTarget(settings.database.url),
      mail: settings.mail.kind === 'smtp' ? smtpTarget(settings.mail.url) : settings.mail.kind,
    },
    settings.production ? `server running in production mode on port ${port}` : `demo running at http://localhost:${port}`,
  );
  if (settings.mail.kind === 'embedded') logger.info(`e-mail: demo mailbox at http://localhost:${port}/dev/mail`);
  if (settings.mail.kind === 'off') logger.warn('e-mail is turned off (MAIL_DISABLED=1): e-mails wait in the outbox, unsent');
}
