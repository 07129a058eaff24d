import Fastify, { type FastifyInstance, type FastifyError, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from './db/database';
import { primaryReads, replicaReads } from './db/read-replica';
import { registerReadYourWrites } from './http/read-your-writes';
import { defaultConfig, type ServerConfig } from './config';
import { installClock, settableClock } from './clock';
import { HttpError, errorBody, httpErrorOf } from './http/errors';
import { withMessageCode } from './http/message-codes';
import { registerSession } from './http/session';
import { registerReadCache } from './http/read-cache';
import { registerCors } from './http/cors';
import { registerCompression } from './http/compression';
import { registerInputGuard } from './http/input-guard';
import { routeValidator } from './http/validators';
import { singleLineField } from './http/single-line';
import { singleLineMessage } from '@deck/shared/validation/single-line';
import { dateTimeField } from './http/date-time';
import { dateTimeMessage } from '@deck/shared/validation/date-time';
import { registerSecurityHeaders } from './http/security-headers';
import { registerReferralCapture } from './http/referral-cookie';
import { randomToken } from './tokens';
import { StartupError } from './production';
import type { App } from './routes/common';
import { presentationRoutes } from './routes/presentation';
import { presentationAdminRoutes } from './routes/presentation-admin';
import { presentationListRoutes } from './routes/presentation-list';
import { shareRoutes } from './routes/share';
import { viewLinkRoutes } from './routes/viewlinks';
import { folderRoutes } from './routes/folders';
import { pageConfigRoutes } from './routes/page-config';
import { demoIndexRoutes } from './routes/demo-index';
import { contactsRoutes } from './routes/contacts';
import { referralCampaignRoutes } from './routes/referral-campaigns';
import { telemetryIntakeRoutes } from './routes/telemetry-intake';
import { linkEngagementRoutes } from './routes/link-engagement';
import { linkDownloadRoutes } from './routes/link-download';
import { devRoutes } from './routes/dev';
import { staticRoutes, type ShellNotFound } from './routes/static';
import { pageWriter } from './first-view/first-view-page';
import { escapeHtml } from './mail/render';
import { recipientRoutes } from './routes/recipient';
import { linkFormRoutes } from './routes/link-forms';
import { embedRoutes } from './routes/embed';
import { pageStatusResolver } from './routes/page-status';
import { sessionRoutes } from './routes/session';
import { schedulePruning } from './services/retention';
import { invitationRoutes } from './routes/invitations';
import { transferRoutes } from './routes/transfer';
import { presentationCreateRoutes } from './routes/presentation-create';
import { presentationPermissionRoutes } from './routes/presentation-permissions';
import { presentationGalleryRoutes } from './routes/presentation-gallery';
import { accessRequestRoutes } from './routes/access-requests';
import { sharingActivityRoutes } from './routes/sharing-activity';
import { teamWebhookRoutes } from './routes/team-webhooks';
import { teamBlockListRoutes } from './routes/team-block-list';
import type { Logger } from 'pino';
import { AccessLogController, REQUEST_ID_HEADER, requestIdFor, silentLogger } from './ops/logger';
import { registerHealthRoutes, ALWAYS_READY, type ReadinessSources } from './ops/health';
import { registerMetrics, type Metrics } from './ops/metrics';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './http/database-unavailable';

export type { ServerConfig } from './config';

export interface BuildAppOptions {
  db: Database;
  staticDir?: string;
  config?: Partial<ServerConfig>;
  /** Called for every route as it is registered (tests enumerate the whole API this way). */
  onRoute?: (route: RouteOptions) => void;
  /** The process's logger (ops/logger.ts); none: nothing is logged. */
  logger?: Logger;
  /** Prometheus metrics (ops/metrics.ts); none: no counting and no /metrics. */
  metrics?: Metrics;
  /** What /readyz asks besides the database, and whether a shutdown is draining (ops/health.ts). */
  readiness?: ReadinessSources;
  /**
   * A streaming replica of `db` (DATABASE_READ_URL) for the reads that may be slightly old (db/read-replica.ts);
   * none: every read on `db`. The caller opens and closes it.
   */
  readReplica?: Database;
}

/** Builds the Fastify app (routes, sessions, CSRF, static files); does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config: ServerConfig = { ...defaultConfig(), ...options.config };
  if (!config.sessionSecret) config.sessionSecret = randomToken(32);
  if (config.testMode && !config.production && !config.clock) {
    // Browser tests move the server's clock past an end date (POST /dev/clock); never in production (clock.ts).
    const clock = settableClock(config.now, { production: config.production });
    config.clock = clock;
    config.now = clock.now;
  }
  installClock(config.now);
  // Links in e-mails and answers are built from PUBLIC_ORIGIN; in production never from a request's Host.
  if (config.production && !config.publicOrigin) throw new StartupError('PUBLIC_ORIGIN is required in production mode.');
  const { db } = options;

  const readinessSources = options.readiness ?? ALWAYS_READY;
  const logger = options.logger ?? silentLogger();
  const app = Fastify({
    loggerInstance: logger,
    logController: new AccessLogController(logger),
    // A unique id per request, or the balancer's X-Request-Id; answered in the same header (ops/logger.ts).
    genReqId: requestIdFor,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // X-Forwarded-* are believed only from the proxies the operator names (TRUST_PROXY).
    trustProxy: config.trustProxy,
    // A request must arrive whole (headers and body) within this time: a body that trickles in is cut with 408.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: Math.min(config.requestTimeoutSeconds, 10) * 1000,
      // How often Node looks for requests past those time-outs (its default, 30 s, would let one run on that long).
      connectionsCheckingInterval: Math.min(config.requestTimeoutSeconds * 250, 1000),
    },
    // While a shutdown drains, requests on open connections are still answered (with Connection: close).
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  if (options.onRoute) app.addHook('onRoute', options.onRoute as never);

  // The hooks every request passes through take a callback rather than return a promise: a promise and a turn of
  // the microtask queue per hook per request cost more than most of them do (docs/decisions.md, *How a request
  // reads the database*).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Draining for a shutdown: every answer (those of requests that arrived before it began too) closes its
  // connection, so no client sends another request on it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readinessSources.draining()) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.setValidatorCompiler(({ schema, httpPart }) => routeValidator(schema as object, httpPart));

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    const answered = httpErrorOf(err);
    if (answered) {
      reply.headers(answered.headers).code(answered.statusCode).send(withMessageCode(answered.body(), answered.messageCode));
      return;
    }
    const oneLine = singleLineField((err as FastifyError).validation);
    if (oneLine) {
      reply.code(400).send(withMessageCode(errorBody(400, singleLineMessage(oneLine), 'INVALID_INPUT')));
      return;
    }
    const badTime = dateTimeField((err as FastifyError).validation);
    if (badTime) {
      reply.code(400).send(withMessageCode(errorBody(400, dateTimeMessage(badTime), 'INVALID_INPUT')));
      return;
    }
    if ((err as FastifyError).validation) {
      reply.code(400).send(withMessageCode(errorBody(400, err.message, 'VALIDATION_ERROR')));
      return;
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      reply.code(status).send(withMessageCode(errorBody(status, err.message, (err as FastifyError).code)));
      return;
    }
    const pgCode = (err as unknown as { code?: string }).code;
    if (pgCode === '23505') {
      reply.code(409).send(withMessageCode(errorBody(409, 'The change conflicts with existing data; reload and try again.', 'CONFLICT'), { message_code: 'conflict' }));
      return;
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      app.metrics?.databaseErrors.inc({ kind: 'unavailable' });
      reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(withMessageCode(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE, 'DATABASE_UNAVAILABLE'), { message_code: 'service_unavailable' }));
      return;
    }
    request.log.error({ err }, 'request failed');
    reply.code(500).send(withMessageCode(errorBody(500, 'An error has occurred', 'INTERNAL'), { message_code: 'internal_error' }));
  });

  // Set once the static routes are registered: a browser that navigates to an unknown page gets the shell's
  // not-found page; the API, built files and any other caller get the JSON 404.
  let shell: ShellNotFound | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (shell && ((await shell.remoteNotFound(request, reply)) || (await shell.notFoundPage(request, reply)))) return reply;
    return reply.code(404).send(withMessageCode(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND')));
  });

  if (options.metrics) registerMetrics(app, options.metrics, { production: config.production, token: config.metricsToken });
  else app.decorate('metrics', null);
  registerHealthRoutes(app, { db, sources: readinessSources });

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerReadYourWrites(
    app,
    options.readReplica ? replicaReads(db, options.readReplica, { onUnavailable: (err) => app.log.warn({ err }, 'read replica unavailable: reads go to the primary') }) : primaryReads(db),
    config,
  );
  await registerCompression(app);
  // Before the session: a preflight is answered without one, and a refused origin never gets a cookie.
  registerCors(app, config);
  await registerReadCache(app, db, config);
  registerSession(app, { db, config });
  registerInputGuard(app);
  registerSecurityHeaders(app, config);
  registerReferralCapture(app, config);

  const deps = { db, config };
  presentationListRoutes(app, deps);
  presentationRoutes(app, deps);
  presentationAdminRoutes(app, deps);
  shareRoutes(app, deps);
  viewLinkRoutes(app, deps);
  recipientRoutes(app, deps);
  linkEngagementRoutes(app, deps);
  linkDownloadRoutes(app, deps);
  linkFormRoutes(app, deps);
  folderRoutes(app, deps);
  pageConfigRoutes(app, deps);
  demoIndexRoutes(app, deps);
  contactsRoutes(app, deps);
  referralCampaignRoutes(app, deps);
  telemetryIntakeRoutes(app, deps);
  sessionRoutes(app, deps);
  embedRoutes(app, deps);
  invitationRoutes(app, deps);
  transferRoutes(app, deps);
  presentationCreateRoutes(app, deps);
  presentationPermissionRoutes(app, deps);
  presentationGalleryRoutes(app, deps);
  accessRequestRoutes(app, deps);
  sharingActivityRoutes(app, deps);
  teamWebhookRoutes(app, deps);
  teamBlockListRoutes(app, deps);
  if (config.devSignIn) devRoutes(app, deps);
  shell = await staticRoutes(app, options.staticDir, {
    sourceMaps: !config.production,
    demoPages: !config.production,
    pageStatus: pageStatusResolver(db, config.now),
    writePage: options.staticDir ? pageWriter(app, db, config, options.staticDir) : undefined,
    // Spec §7: the payment provider is initialised with a public key taken from the page.
    headTags: config.cardPayments ? `<meta name="card-payments-key" content="${escapeHtml(config.cardPayments.publicKey)}">` : undefined,
  });
  schedulePruning(app, db, config);

  return app;
}
