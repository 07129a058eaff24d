import { isIP } from 'node:net';
import type { ServerConfig } from './config';
import type { IdentityConfig } from './config';

/**
 * Settings the server cannot start with; main.ts prints every problem (each naming its variable and what to set)
 * and exits with status 1.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [message],
  ) {
    super(message);
  }
}

/** Runs each check of the configuration and keeps every problem, so an operator sees them all at once. */
export class StartupProblems {
  private readonly problems: string[] = [];

  /** The check's value, or `fallback` when it found a problem (kept for {@link throwIfAny}). */
  take<T>(check: () => T, fallback: T): T {
    try {
      return check();
    } catch (err) {
      if (!(err instanceof StartupError)) throw err;
      for (const problem of err.problems) this.add(problem);
      return fallback;
    }
  }

  add(problem: string): void {
    if (!this.problems.includes(problem)) this.problems.push(problem);
  }

  throwIfAny(): void {
    if (this.problems.length) throw new StartupError(this.problems.join('\n'), [...this.problems]);
  }
}

export const MIN_SECRET_LENGTH = 32;

/** A setting that must be a URL with one of `protocols` (`'https:'`); the error names the variable and shows `example`. */
export function urlSetting(name: string, raw: string, opts: { protocols: string[]; example: string }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StartupError(`${name} is not a URL: set it like ${opts.example}.`);
  }
  if (!opts.protocols.includes(url.protocol)) {
    throw new StartupError(`${name} must start with ${opts.protocols.map((p) => `${p}//`).join(' or ')} (it starts with ${url.protocol}//).`);
  }
  return url;
}

const isOn = (v: string | undefined) => v === '1' || v === 'true';

/**
 * DECK_PRODUCTION: `1` or `true` is production, unset or empty the demo. Any other value refuses to start: a
 * `yes` or `TRUE` meant as production must never fall back to the demo and its dev sign-in.
 */
export function productionFromEnv(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new StartupError(`DECK_PRODUCTION="${raw}" is not understood: set DECK_PRODUCTION=1 for production, or leave it unset for the demo.`);
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the addresses or CIDRs of the proxies in front (`10.0.0.1,10.1.0.0/16`); unset, empty, `0` or
 * `false`: none. `X-Forwarded-For` is then read from the right, up to the first address that is not a listed
 * proxy, so a client cannot choose the address its limits count by. `1`/`true` (believe any sender) is refused:
 * the client-written first entry would become the client's address, to evade a limit or lock anyone else out.
 */
export function trustProxyFromEnv(raw: string | undefined): ServerConfig['trustProxy'] {
  const v = raw?.trim();
  if (!v || v === '0' || v === 'false') return false;
  if (v === 'true' || v === '1') {
    throw new StartupError(
      `TRUST_PROXY=${v} would believe X-Forwarded-For from anyone, so a client could pick the address its limits count by: list the addresses or CIDRs of your proxies instead (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).`,
    );
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    throw new StartupError(`TRUST_PROXY: ${bad.map((b) => `"${b}"`).join(', ')} is not an IP address or CIDR; list the addresses or CIDRs of your proxies (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).`);
  }
  return list;
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
    const url = urlSetting('HOST_IDENTITY_JWKS_URL', jwksUrl, { protocols: ['https:', 'http:'], example: 'https://host.example/.well-known/jwks.json' });
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
 * Every problem found is reported at once.
 */
export function modeFromEnv(env: NodeJS.ProcessEnv): Partial<ServerConfig> {
  const problems = new StartupProblems();
  // A value that is not understood is checked as production: its problems are the ones that matter.
  const production = problems.take(() => productionFromEnv(env.DECK_PRODUCTION), true);
  const trustProxy = problems.take(() => trustProxyFromEnv(env.TRUST_PROXY), false);
  const identity = problems.take(() => identityFromEnv(env), null);
  if (!production) {
    problems.throwIfAny();
    return { trustProxy, identity };
  }
  const sessionSecret = problems.take(() => requireSecret(env, 'SESSION_SECRET'), '');
  if (isOn(env.DECK_TEST_MODE)) problems.add('DECK_TEST_MODE cannot be used with DECK_PRODUCTION=1: unset DECK_TEST_MODE.');
  if (!env.HOST_IDENTITY_SECRET && !env.HOST_IDENTITY_JWKS_URL) {
    problems.add('DECK_PRODUCTION=1 needs HOST_IDENTITY_SECRET or HOST_IDENTITY_JWKS_URL (with HOST_IDENTITY_ISSUER and HOST_IDENTITY_AUDIENCE).');
  }
  problems.throwIfAny();
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
