import Fastify, { type FastifyInstance, type FastifyError, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import type { Database } from './db/database';
import { defaultConfig, type ServerConfig } from './config';
import { HttpError, errorBody } from './http/errors';
import { withMessageCode } from './http/message-codes';
import { registerSession } from './http/session';
import { registerCors } from './http/cors';
import { registerCompression } from './http/compression';
import { registerInputGuard, withInt32Bounds } from './http/input-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { registerReferralCapture } from './http/referral-cookie';
import { randomToken } from './services/tokens';
import { StartupError } from './production';
import type { App } from './routes/common';
import { presentationRoutes } from './routes/presentation';
import { presentationAdminRoutes } from './routes/presentation-admin';
import { presentationListRoutes } from './routes/presentation-list';
import { shareRoutes } from './routes/share';
import { viewLinkRoutes } from './routes/viewlinks';
import { folderRoutes } from './routes/folders';
import { miscRoutes } from './routes/misc';
import { devRoutes } from './routes/dev';
import { staticRoutes, type ShellNotFound } from './routes/static';
import { pageWriter } from './first-view/first-view-page';
import { escapeHtml } from './mail/render';
import { recipientRoutes } from './routes/recipient';
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

export type { ServerConfig } from './config';

export interface BuildAppOptions {
  db: Database;
  staticDir?: string;
  config?: Partial<ServerConfig>;
  /** Called for every route as it is registered (tests enumerate the whole API this way). */
  onRoute?: (route: RouteOptions) => void;
}

const ajvOptions = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false } as const;

/** Builds the Fastify app (routes, sessions, CSRF, static files); does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config: ServerConfig = { ...defaultConfig(), ...options.config };
  if (!config.sessionSecret) config.sessionSecret = randomToken(32);
  // Links in e-mails and answers are built from PUBLIC_ORIGIN; in production never from a request's Host.
  if (config.production && !config.publicOrigin) throw new StartupError('PUBLIC_ORIGIN is required in production mode.');
  const { db } = options;

  const app = Fastify({
    logger: config.logger,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // X-Forwarded-* are believed only from the proxies the operator names (TRUST_PROXY).
    trustProxy: config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  if (options.onRoute) app.addHook('onRoute', options.onRoute as never);

  // Bodies are validated strictly (no type coercion, unknown fields refused where the schema says so);
  // query strings and path parameters are coerced from strings.
  const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false, removeAdditional: false });
  const paramAjv = new Ajv({ ...ajvOptions, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : paramAjv).compile(withInt32Bounds(schema as object)));

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers).code(err.statusCode).send(withMessageCode(err.body()));
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
      reply.code(409).send(withMessageCode(errorBody(409, 'The change conflicts with existing data; reload and try again.', 'CONFLICT')));
      return;
    }
    request.log.error(err);
    if (process.env.DECK_DEBUG_ERRORS) console.error(err);
    reply.code(500).send(withMessageCode(errorBody(500, 'An error has occurred', 'INTERNAL')));
  });

  // Set once the static routes are registered: a browser that navigates to an unknown page gets the shell's
  // not-found page; the API, built files and any other caller get the JSON 404.
  let shell: ShellNotFound | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (shell && (await shell.notFoundPage(request, reply))) return reply;
    return reply.code(404).send(withMessageCode(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND')));
  });

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await registerCompression(app as unknown as FastifyInstance);
  // Before the session: a preflight is answered without one, and a refused origin never gets a cookie.
  registerCors(app as unknown as FastifyInstance, config);
  registerSession(app as unknown as FastifyInstance, { db, config });
  registerInputGuard(app as unknown as FastifyInstance);
  registerSecurityHeaders(app as unknown as FastifyInstance, config);
  registerReferralCapture(app as unknown as FastifyInstance, config);

  const deps = { db, config };
  presentationListRoutes(app, deps);
  presentationRoutes(app, deps);
  presentationAdminRoutes(app, deps);
  shareRoutes(app, deps);
  viewLinkRoutes(app, deps);
  recipientRoutes(app, deps);
  folderRoutes(app, deps);
  miscRoutes(app, deps);
  sessionRoutes(app, deps);
  embedRoutes(app, deps);
  invitationRoutes(app, deps);
  transferRoutes(app, deps);
  presentationCreateRoutes(app, deps);
  presentationPermissionRoutes(app, deps);
  presentationGalleryRoutes(app, deps);
  accessRequestRoutes(app, deps);
  if (config.devSignIn) devRoutes(app, deps);
  shell = await staticRoutes(app, options.staticDir, {
    sourceMaps: !config.production,
    demoPages: !config.production,
    pageStatus: pageStatusResolver(db),
    writePage: options.staticDir ? pageWriter(app, config, options.staticDir) : undefined,
    // Spec §7: the payment provider is initialised with a public key taken from the page.
    headTags: config.cardPayments ? `<meta name="card-payments-key" content="${escapeHtml(config.cardPayments.publicKey)}">` : undefined,
  });
  schedulePruning(app as unknown as FastifyInstance, db, config);

  return app as unknown as FastifyInstance;
}
