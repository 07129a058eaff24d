import type { SettableClock } from './clock';
import type { RemoteName } from '@deck/shared/api/contract';
import type { JWTVerifyGetKey } from 'jose';
import { ACTIVITY_RETENTION_DAYS_DEFAULT, LIVE_HEARTBEAT_SECONDS, LIVE_STREAM_LIFETIME_SECONDS, LIVE_STREAMS_PER_INSTANCE, LIVE_STREAMS_PER_USER } from '@deck/shared/domains/sharing-activity/activity-contract';

/** The demo's stand-in card provider (payments/demo-card-provider.ts), used where no real provider is set. */
export const DEMO_CARD_PROVIDER_GLOBAL = 'DeckCardPayments';
export const DEMO_CARD_PROVIDER_PATH = '/dev/card-payments.js';
export const DEMO_CARD_PUBLIC_KEY = 'pk_demo_deck';

/**
 * How the host product's identity token is checked. Exactly one key source: a shared secret
 * (HS256) or a JWKS (a URL, or a key set given directly by tests and embedders).
 */
export interface IdentityConfig {
  issuer: string;
  audience: string;
  secret?: string;
  jwksUrl?: string;
  jwks?: JWTVerifyGetKey;
  /** Tokens issued longer ago than this are refused even before `exp` (they are for one sign-in). */
  maxTokenAgeSeconds: number;
  clockToleranceSeconds: number;
}

export const REMOTE_NAMES: readonly RemoteName[] = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

/** A fixed-window limit: at most `max` requests per client per window. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/** Route classes limited per client (docs/security.md lists every number). */
export type RateLimitBucket = 'log' | 'events' | 'visits' | 'slide-times' | 'link-forms' | 'download' | 'view-count' | 'sign-in' | 'create' | 'search' | 'access-request' | 'lookup' | 'team-settings';

export interface ServerConfig {
  /** DECK_PRODUCTION=1: no dev routes, no demo listing, Secure cookies, a host identity token to sign in. */
  production: boolean;
  /**
   * Fastify's trustProxy: false (default) or the list of proxy addresses/CIDRs (TRUST_PROXY). Never "any":
   * the client-written first X-Forwarded-For entry would then be the address its limits count by.
   */
  trustProxy: false | string[];
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
  /** Sharing activity log entries older than this are deleted (SHARING_ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays: number;
  /** Live sharing streams (docs/api.md, *Live sharing changes*): per user and per instance, and the heartbeat. */
  liveStreams: { perUser: number; perInstance: number; heartbeatSeconds: number; lifetimeSeconds: number };
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
  /**
   * The card payment provider (spec §7): its script URL and global go to /config.json, its public key into
   * every page (`<meta name="card-payments-key">`). null: no card payments.
   */
  cardPayments: { scriptUrl: string; globalName: string; publicKey: string } | null;
  /**
   * Host origins on another origin that may call the API with the user's cookies (CORS_ALLOWED_ORIGINS):
   * exact origins only (`https://host.example`), never a pattern or `*`. Non-empty: the API answers them with
   * CORS and credentials, and session cookies become SameSite=None; Secure (docs/security.md, *Cross-origin hosts*).
   */
  corsAllowedOrigins: string[];
  /**
   * The origin browsers reach this server at (PUBLIC_ORIGIN, e.g. `https://deck.example`): every absolute link
   * the server builds (e-mails, view/embed/unlisted links, referral links, /config.json) starts with it.
   * Required in production; null (demo only): the request's own origin (Host, or X-Forwarded-* from TRUST_PROXY).
   */
  publicOrigin: string | null;
  /** Manifest URL overrides per remote; default `/remotes/<name>/mf-manifest.json`. */
  remotes: Partial<Record<RemoteName, string>>;
  preProduction: boolean;
  /** `recordLocalAnalytics` in /config.json: browsers on local hosts send analytics (demo) instead of printing them. */
  recordLocalAnalytics: boolean;
  /** Secret that signs the session cookie. Random per process when not given. */
  sessionSecret: string;
  /** Set the Secure attribute on cookies. */
  secureCookies: boolean;
  /** Invitations (document collaborators and folder members) one user may send per window. */
  inviteRateLimit: { max: number; windowSeconds: number };
  /** Live trackable links a user without a licence may have. */
  viewLinkLimit: number;
  referralRewardCredits: number;
  /**
   * Team webhooks (services/webhook-address.ts): `allowLocalHttp` also lets a webhook be http to a loopback address
   * (WEBHOOKS_ALLOW_LOCAL_HTTP=1; the demo and tests only, never in production), for a receiver on the same machine.
   */
  webhooks: { allowLocalHttp: boolean };
  /** Enables GET /dev/sign-in and /dev/sign-out (the demo has no other sign-in). */
  devSignIn: boolean;
  /** Enables POST /dev/reset, which restores the demo data (browser tests only). */
  testMode: boolean;
  /** A request must arrive whole within this many seconds (Fastify's requestTimeout; REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /**
   * The host product's sign-in page (HOST_SIGN_IN_URL; required in production), given to the pages in /config.json:
   * where the invitation page and every sign-in offer send a signed-out visitor, with the way back.
   */
  hostSignIn: { url: string } | null;
  /** METRICS_TOKEN: /metrics on the public port answers only `Authorization: Bearer <token>`; production without it serves none there. */
  metricsToken: string | null;
  /**
   * A written page's navigation first gets a 103 Early Hints response naming the fonts of its text
   * (EARLY_HINTS=0 turns it off, for a proxy that would take a 1xx answer for the final one: docs/deploying.md).
   */
  earlyHints: boolean;
  /**
   * Reads of sessions and permission contexts answered from memory while it is provably current
   * (db/read-cache.ts; READ_CACHE=off turns it off). awaitNoticesEachRequest: every request first applies the
   * notices of writes committed before it, for tests that write to the database directly between requests.
   */
  readCache: { enabled: boolean; awaitNoticesEachRequest: boolean };
  /** Clock, injectable for tests; in test mode buildApp makes it settable (server/src/clock.ts). */
  now: () => Date;
  /** The settable clock behind `now` in test mode (POST /dev/clock); null otherwise, always in production. */
  clock: SettableClock | null;
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
      // A playing page sends its slide times every 15 s (slide-engagement.ts): a few tabs of one client fit.
      'slide-times': { max: 30, windowSeconds: 60 },
      // The lock forms of a link's page posted without JavaScript (routes/link-forms.ts), before the API's own limits.
      'link-forms': { max: 20, windowSeconds: 60 },
      // A trackable link's PDF (routes/link-download.ts): drawn for each request, so a few a minute per client.
      download: { max: 10, windowSeconds: 60 },
      'view-count': { max: 60, windowSeconds: 60 },
      'sign-in': { max: 20, windowSeconds: 60 },
      create: { max: 30, windowSeconds: 60 },
      search: { max: 30, windowSeconds: 60 },
      // Requests for access (each e-mails an owner): per user, counted whether new or repeated.
      'access-request': { max: 10, windowSeconds: 3600 },
      // Permission lookups over many documents (GET /presentation/permissions-for-user/?oids=): per user.
      lookup: { max: 60, windowSeconds: 60 },
      // Changes of a team's settings (its webhook: each PUT, DELETE or rotation; its block list): per admin.
      'team-settings': { max: 30, windowSeconds: 3600 },
    },
    viewCountWindowSeconds: 30 * 60,
    referralCampaignLimit: 10,
    telemetryMaxBytes: 4096,
    telemetryRetentionDays: 30,
    activityRetentionDays: ACTIVITY_RETENTION_DAYS_DEFAULT,
    liveStreams: { perUser: LIVE_STREAMS_PER_USER, perInstance: LIVE_STREAMS_PER_INSTANCE, heartbeatSeconds: LIVE_HEARTBEAT_SECONDS, lifetimeSeconds: LIVE_STREAM_LIFETIME_SECONDS },
    visitIdMaxAgeSeconds: 24 * 60 * 60,
    pruneIntervalSeconds: 60 * 60,
    shortName: 'deck',
    cardPayments: null,
    publicUrls: { apiBase: '/api/v4', viewLinkApiBase: '/api/v1/prezilink', productSiteUrl: '/' },
    corsAllowedOrigins: [],
    publicOrigin: null,
    remotes: {},
    preProduction: false,
    recordLocalAnalytics: false,
    sessionSecret: '',
    secureCookies: false,
    inviteRateLimit: { max: 20, windowSeconds: 3600 },
    viewLinkLimit: 1,
    referralRewardCredits: 200,
    webhooks: { allowLocalHttp: false },
    devSignIn: true,
    testMode: false,
    requestTimeoutSeconds: 30,
    metricsToken: null,
    hostSignIn: null,
    earlyHints: true,
    readCache: { enabled: true, awaitNoticesEachRequest: false },
    now: () => new Date(),
    clock: null,
  };
}

/** API_BASE, API_V1_BASE, VIEW_LINK_API_BASE, PRODUCT_SITE_URL; each falls back to the default. */
export function publicUrlsFromEnv(env: NodeJS.ProcessEnv, production = false): ServerConfig['publicUrls'] {
  const defaults = defaultConfig().publicUrls;
  return {
    apiBase: env.API_BASE || defaults.apiBase,
    // Unset, the client derives it from apiBase (…/v4 → …/v1).
    ...(env.API_V1_BASE ? { apiV1Base: env.API_V1_BASE } : {}),
    viewLinkApiBase: env.VIEW_LINK_API_BASE || defaults.viewLinkApiBase,
    // The demo links to its own stand-in product site; production to the page root unless told.
    productSiteUrl: env.PRODUCT_SITE_URL || (production ? defaults.productSiteUrl : '/product/'),
  };
}

/**
 * CARD_PAYMENTS_SCRIPT_URL, CARD_PAYMENTS_PUBLIC_KEY (both needed), CARD_PAYMENTS_GLOBAL. The demo falls back
 * to its fake provider; production has no card payments unless configured.
 */
export function cardPaymentsFromEnv(env: NodeJS.ProcessEnv, production = false): ServerConfig['cardPayments'] {
  const globalName = env.CARD_PAYMENTS_GLOBAL || DEMO_CARD_PROVIDER_GLOBAL;
  if (env.CARD_PAYMENTS_SCRIPT_URL && env.CARD_PAYMENTS_PUBLIC_KEY) {
    return { scriptUrl: env.CARD_PAYMENTS_SCRIPT_URL, globalName, publicKey: env.CARD_PAYMENTS_PUBLIC_KEY };
  }
  if (production) return null;
  return { scriptUrl: DEMO_CARD_PROVIDER_PATH, globalName: DEMO_CARD_PROVIDER_GLOBAL, publicKey: DEMO_CARD_PUBLIC_KEY };
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
