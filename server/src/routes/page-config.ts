import { Type } from 'typebox';
import type { FeatureSwitchesResponse, PageConfig, RuntimeConfig } from '@deck/shared/api/contract';
import type { FastifyRequest } from 'fastify';
import { LruMap } from 'toad-cache';
import { REMOTE_NAMES, type ServerConfig } from '../config';
import { featureSwitchRows } from '../repositories/feature-switches';
import { linkOrigin, type App, type RouteDeps } from './common';

/** Origins a configuration is kept for at most: without PUBLIC_ORIGIN the origin is the request's Host, which anyone chooses. */
const ORIGINS_KEPT = 64;
const made = new WeakMap<ServerConfig, LruMap<PageConfig>>();

/**
 * The run-time configuration of /config.json, which the server also writes into every page it serves (static.ts):
 * made once per origin its URLs are absolute against (a page asks for it on every request), frozen, as it is shared.
 */
export function runtimeConfigFor(config: ServerConfig, request: FastifyRequest): PageConfig {
  const base = linkOrigin(config, request);
  let byOrigin = made.get(config);
  if (!byOrigin) made.set(config, (byOrigin = new LruMap<PageConfig>(ORIGINS_KEPT)));
  let page = byOrigin.get(base);
  if (!page) byOrigin.set(base, (page = frozen(runtimeConfigAt(config, base))));
  return page;
}

const texts = new WeakMap<PageConfig, string>();

/** A configuration of runtimeConfigFor as JSON, made once for each as the configuration itself is. */
export function runtimeConfigText(page: PageConfig): string {
  let text = texts.get(page);
  if (text === undefined) texts.set(page, (text = JSON.stringify(page)));
  return text;
}

function frozen<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field && typeof field === 'object') frozen(field as object);
  return Object.freeze(value);
}

function runtimeConfigAt(config: ServerConfig, base: string): PageConfig {
  const absolute = (url: string) => new URL(url, base).toString();
  const remotes = {} as RuntimeConfig['remotes'];
  for (const name of REMOTE_NAMES) remotes[name] = absolute(config.remotes[name] ?? `/remotes/${name}/mf-manifest.json`);
  const { apiBase, apiV1Base, viewLinkApiBase, productSiteUrl } = config.publicUrls;
  return {
    shortName: config.shortName,
    apiBase: absolute(apiBase),
    ...(apiV1Base ? { apiV1Base: absolute(apiV1Base) } : {}),
    // A spec path (the default /api/v1/prezilink) stays one: the client maps it onto apiV1Base, which follows apiBase.
    viewLinkApiBase: /^\/api\/v[14](\/|$)/.test(viewLinkApiBase) ? viewLinkApiBase : absolute(viewLinkApiBase),
    productSiteUrl: absolute(productSiteUrl),
    remotes,
    preProduction: config.preProduction,
    recordLocalAnalytics: config.recordLocalAnalytics,
    ...(config.cardPayments ? { cardPayments: { scriptUrl: absolute(config.cardPayments.scriptUrl), globalName: config.cardPayments.globalName } } : {}),
    demo: config.devSignIn,
    ...(config.hostSignIn ? { hostSignInUrl: config.hostSignIn.url } : {}),
  };
}

/** What a page needs before it runs: the run-time configuration and the feature switches. */
export function pageConfigRoutes(app: App, { db, config }: RouteDeps): void {
  // Every URL in it is absolute (against PUBLIC_ORIGIN, else the request's origin), so a host on another origin
  // uses them as given; it is public and sent with `Access-Control-Allow-Origin: *` (http/cors.ts).
  app.get('/config.json', async (request, reply): Promise<PageConfig> => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfigFor(config, request);
  });

  app.post(
    '/api/v1/featureswitches/',
    {
      schema: {
        body: Type.Object(
          { feature_switches: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request): Promise<FeatureSwitchesResponse> => {
      const names = [...new Set(request.body.feature_switches)];
      const rows = await featureSwitchRows(db, names);
      const known = new Map(rows.map((r) => [r.name, r.enabled]));
      const feature_switches: Record<string, boolean> = {};
      for (const n of names) feature_switches[n] = known.get(n) ?? false;
      return { feature_switches };
    },
  );
}
