import type { RuntimeConfig } from '@deck/shared/api/contract';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

/**
 * Call sites name the spec's paths (§7: `/api/v4/…`, `/api/v1/…`); this maps them onto the bases the
 * deployment configured, so a host that serves the API under another path or origin only changes
 * `/config.json` (or the config it passes) and every call follows.
 */
const SPEC_BASES = [
  { prefix: '/api/v4', base: (config: ApiBases) => config.apiBase },
  { prefix: '/api/v1', base: (config: ApiBases) => apiV1Base(config) },
] as const;

type ApiBases = Pick<RuntimeConfig, 'apiBase'> & Partial<Pick<RuntimeConfig, 'apiV1Base'>>;

const trimSlash = (base: string) => base.replace(/\/+$/, '');

/** The v1 base: as configured, else the presentation base with its version segment swapped. */
export function apiV1Base(config: ApiBases): string {
  if (config.apiV1Base) return trimSlash(config.apiV1Base);
  const base = trimSlash(config.apiBase);
  return /\/v4$/.test(base) ? base.replace(/\/v4$/, '/v1') : '/api/v1';
}

function pageOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/** The absolute URL a spec path is requested at. Paths outside the spec's bases stay as given. */
export function apiUrl(path: string, config: ApiBases = getRuntimeConfig(), origin = pageOrigin()): string {
  for (const { prefix, base } of SPEC_BASES) {
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      return new URL(trimSlash(base(config)) + path.slice(prefix.length), origin).toString();
    }
  }
  return new URL(path, origin).toString();
}

/** Whether a request URL is on another origin than the page (a host that calls the API of another origin). */
export function isCrossOrigin(url: string, origin = pageOrigin()): boolean {
  try {
    return new URL(url, origin).origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Cookies ride along on the page's own origin as before; to an API on another origin only when asked, so a
 * cross-origin apiBase sends `credentials: 'include'` (the server answers listed hosts with CORS and credentials).
 */
export function requestCredentials(url: string, origin = pageOrigin()): RequestCredentials {
  return isCrossOrigin(url, origin) ? 'include' : 'same-origin';
}
