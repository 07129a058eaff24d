import type { ServerConfig } from './config';
import type { IdentityConfig } from './services/identity';

/** A setting the server cannot start with; main.ts prints the message and exits with status 1. */
export class StartupError extends Error {}

export const MIN_SECRET_LENGTH = 32;

const isOn = (v: string | undefined) => v === '1' || v === 'true';

/** TRUST_PROXY: unset/0/false → trust no proxy; 1/true → any; else a comma list of proxy addresses/CIDRs. */
export function trustProxyFromEnv(raw: string | undefined): ServerConfig['trustProxy'] {
  const v = raw?.trim();
  if (!v || v === '0' || v === 'false') return false;
  if (v === 'true' || v === '1') return true;
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

function requireSecret(env: NodeJS.ProcessEnv, name: string): string {
  const v = env[name] ?? '';
  if (!v) throw new StartupError(`${name} is required when DECK_PRODUCTION=1.`);
  if (v.length < MIN_SECRET_LENGTH) throw new StartupError(`${name} must be at least ${MIN_SECRET_LENGTH} characters long (it has ${v.length}).`);
  return v;
}

/** HOST_IDENTITY_*: how the host product's identity token is verified; null when none is set. */
export function identityFromEnv(env: NodeJS.ProcessEnv): IdentityConfig | null {
  const secret = env.HOST_IDENTITY_SECRET;
  const jwksUrl = env.HOST_IDENTITY_JWKS_URL;
  if (!secret && !jwksUrl) return null;
  if (secret && jwksUrl) throw new StartupError('Set HOST_IDENTITY_SECRET or HOST_IDENTITY_JWKS_URL, not both.');
  const issuer = env.HOST_IDENTITY_ISSUER;
  const audience = env.HOST_IDENTITY_AUDIENCE;
  if (!issuer || !audience) throw new StartupError('HOST_IDENTITY_ISSUER and HOST_IDENTITY_AUDIENCE are required with a host identity key.');
  if (secret) requireSecret(env, 'HOST_IDENTITY_SECRET');
  if (jwksUrl) {
    let url: URL;
    try {
      url = new URL(jwksUrl);
    } catch {
      throw new StartupError('HOST_IDENTITY_JWKS_URL is not a URL.');
    }
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
      throw new StartupError('HOST_IDENTITY_JWKS_URL must use https (http only on 127.0.0.1/localhost).');
    }
  }
  return {
    issuer,
    audience,
    ...(secret ? { secret } : { jwksUrl }),
    maxTokenAgeSeconds: 300,
    clockToleranceSeconds: 30,
  };
}

/**
 * The settings of DECK_PRODUCTION=1 (docs/security.md): refuses to start without a long SESSION_SECRET
 * and a host identity key; no dev routes, no demo listing, no test mode, Secure cookies.
 * Without DECK_PRODUCTION the demo keeps its defaults (an identity key may still be given).
 */
export function modeFromEnv(env: NodeJS.ProcessEnv): Partial<ServerConfig> {
  const trustProxy = trustProxyFromEnv(env.TRUST_PROXY);
  if (!isOn(env.DECK_PRODUCTION)) return { trustProxy, identity: identityFromEnv(env) };
  const sessionSecret = requireSecret(env, 'SESSION_SECRET');
  if (isOn(env.DECK_TEST_MODE)) throw new StartupError('DECK_TEST_MODE cannot be used with DECK_PRODUCTION=1.');
  const identity = identityFromEnv(env);
  if (!identity) throw new StartupError('DECK_PRODUCTION=1 needs HOST_IDENTITY_SECRET or HOST_IDENTITY_JWKS_URL (with HOST_IDENTITY_ISSUER and HOST_IDENTITY_AUDIENCE).');
  return {
    production: true,
    sessionSecret,
    secureCookies: true,
    devSignIn: false,
    testMode: false,
    trustProxy,
    identity,
  };
}
