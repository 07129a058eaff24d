import type { RemoteName } from '../../shared/src/api/contract';
import type { IdentityConfig } from './services/identity';

export const REMOTE_NAMES: readonly RemoteName[] = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

/** A fixed-window limit: at most `max` requests per client per window. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/** Route classes limited per client (docs/security.md lists every number). */
export type RateLimitBucket = 'log' | 'events' | 'visits' | 'view-count' | 'sign-in';

export interface ServerConfig {
  /** DECK_PRODUCTION=1: no dev routes, no demo listing, Secure cookies, a host identity token to sign in. */
  production: boolean;
  /** Fastify's trustProxy: false (default), true (any) or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string[];
  /** How the host product's identity token is verified; null: POST /api/v1/session/ is not offered. */
  identity: IdentityConfig | null;
  /** Lifetime of a signed-in session (the row in `sessions` and the cookie). */
  sessionMaxAgeSeconds: number;
  /** Per-client limits of the routes anyone can call. */
  rateLimits: Record<RateLimitBucket, WindowLimit>;
  /** A viewer's views of one document count once per this window. */
  viewCountWindowSeconds: number;
  /** Referral campaigns one user may have tokens for. */
  referralCampaignLimit: number;
  /** Largest body of one client log entry or one analytics event, in bytes. */
  telemetryMaxBytes: number;
  /** Client logs and analytics events older than this are deleted. */
  telemetryRetentionDays: number;
  /** How long a server-issued link visit id stays valid. */
  visitIdMaxAgeSeconds: number;
  /** How often expired telemetry, sessions and rate-limit windows are deleted (0: only at start). */
  pruneIntervalSeconds: number;

  /** Product short name (window event prefix etc.). */
  shortName: string;
  /**
   * Where the browser reaches the API and the product site, as /config.json tells the remotes: set these
   * when a proxy serves the API under another path or origin (API_BASE, API_V1_BASE, VIEW_LINK_API_BASE,
   * PRODUCT_SITE_URL).
   */
  publicUrls: { apiBase: string; apiV1Base?: string; viewLinkApiBase: string; productSiteUrl: string };
  /** Manifest URL overrides per remote; default `/remotes/<name>/mf-manifest.json`. */
  remotes: Partial<Record<RemoteName, string>>;
  preProduction: boolean;
  /** Secret that signs the session cookie. Random per process when not given. */
  sessionSecret: string;
  /** Set the Secure attribute on cookies. */
  secureCookies: boolean;
  /** Invitations (document collaborators and folder members) one user may send per window. */
  inviteRateLimit: { max: number; windowSeconds: number };
  /** Live trackable links a user without a licence may have. */
  viewLinkLimit: number;
  referralRewardCredits: number;
  /** Enables GET /dev/sign-in and /dev/sign-out (the demo has no other sign-in). */
  devSignIn: boolean;
  /** Enables POST /dev/reset, which restores the demo data (browser tests only). */
  testMode: boolean;
  /** Fastify logger. */
  logger: boolean;
  /** Clock, injectable for tests. */
  now: () => Date;
}

export function defaultConfig(): ServerConfig {
  return {
    production: false,
    trustProxy: false,
    identity: null,
    sessionMaxAgeSeconds: 60 * 60 * 24 * 30,
    rateLimits: {
      log: { max: 30, windowSeconds: 60 },
      events: { max: 120, windowSeconds: 60 },
      visits: { max: 20, windowSeconds: 60 },
      'view-count': { max: 60, windowSeconds: 60 },
      'sign-in': { max: 20, windowSeconds: 60 },
    },
    viewCountWindowSeconds: 30 * 60,
    referralCampaignLimit: 10,
    telemetryMaxBytes: 4096,
    telemetryRetentionDays: 30,
    visitIdMaxAgeSeconds: 24 * 60 * 60,
    pruneIntervalSeconds: 60 * 60,
    shortName: 'deck',
    publicUrls: { apiBase: '/api/v4', viewLinkApiBase: '/api/v1/prezilink', productSiteUrl: '/' },
    remotes: {},
    preProduction: false,
    sessionSecret: '',
    secureCookies: false,
    inviteRateLimit: { max: 20, windowSeconds: 3600 },
    viewLinkLimit: 1,
    referralRewardCredits: 200,
    devSignIn: true,
    testMode: false,
    logger: false,
    now: () => new Date(),
  };
}

/** API_BASE, API_V1_BASE, VIEW_LINK_API_BASE, PRODUCT_SITE_URL; each falls back to the default. */
export function publicUrlsFromEnv(env: NodeJS.ProcessEnv): ServerConfig['publicUrls'] {
  const defaults = defaultConfig().publicUrls;
  return {
    apiBase: env.API_BASE || defaults.apiBase,
    // Unset, the client derives it from apiBase (…/v4 → …/v1).
    ...(env.API_V1_BASE ? { apiV1Base: env.API_V1_BASE } : {}),
    viewLinkApiBase: env.VIEW_LINK_API_BASE || defaults.viewLinkApiBase,
    productSiteUrl: env.PRODUCT_SITE_URL || defaults.productSiteUrl,
  };
}

/** REMOTE_SHARE_DIALOG_URL etc. */
export function remoteOverridesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const out: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const v = env[`REMOTE_${name.toUpperCase().replace(/-/g, '_')}_URL`];
    if (v) out[name] = v;
  }
  return out;
}
