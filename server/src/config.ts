import type { RemoteName } from '../../shared/src/api/contract';

export const REMOTE_NAMES: readonly RemoteName[] = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

export interface ServerConfig {
  /** Product short name (window event prefix etc.). */
  shortName: string;
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
  /**
   * Production deployment (DECK_PRODUCTION=1): source maps are not served. The full production mode
   * (issue 8) is keyed on the same variable.
   */
  production: boolean;
  /**
   * Proxies whose X-Forwarded-* headers are believed (addresses or CIDR ranges, TRUSTED_PROXIES).
   * Empty: none, so a client cannot rewrite the host in view_link and embed_link.
   */
  trustedProxies: string[];
  /** Fastify logger. */
  logger: boolean;
  /** Clock, injectable for tests. */
  now: () => Date;
}

export function defaultConfig(): ServerConfig {
  return {
    shortName: 'deck',
    remotes: {},
    preProduction: false,
    sessionSecret: '',
    secureCookies: false,
    inviteRateLimit: { max: 20, windowSeconds: 3600 },
    viewLinkLimit: 1,
    referralRewardCredits: 200,
    devSignIn: true,
    testMode: false,
    production: false,
    trustedProxies: [],
    logger: false,
    now: () => new Date(),
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

/** DECK_PRODUCTION=1 (or true) switches the server to production mode. */
export function productionFromEnv(env: NodeJS.ProcessEnv): boolean {
  return env.DECK_PRODUCTION === '1' || env.DECK_PRODUCTION === 'true';
}

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`. */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
