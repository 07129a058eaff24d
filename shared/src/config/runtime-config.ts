import { fetchWithTimeout } from '@deck/shared/api/request-timeout';
import type { PageConfig, RuntimeConfig } from '@deck/shared/api/contract';
import type { HostSettings } from '@deck/shared/mount/public-contract';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  shortName: 'deck',
  apiBase: '/api/v4',
  viewLinkApiBase: '/api/v1/prezilink',
  productSiteUrl: '/',
  remotes: {
    'share-dialog': '/remotes/share-dialog/mf-manifest.json',
    'like-button': '/remotes/like-button/mf-manifest.json',
    'viewer-overlay': '/remotes/viewer-overlay/mf-manifest.json',
    'referral-panel': '/remotes/referral-panel/mf-manifest.json',
  },
  preProduction: false,
};

let current: PageConfig = DEFAULT_RUNTIME_CONFIG;

/** The host sets the configuration it fetched from /config.json; remotes read it. */
export function setRuntimeConfig(config: Partial<PageConfig>): PageConfig {
  current = { ...DEFAULT_RUNTIME_CONFIG, ...config, remotes: { ...DEFAULT_RUNTIME_CONFIG.remotes, ...config.remotes } };
  return current;
}

export function getRuntimeConfig(): PageConfig {
  return current;
}

export async function fetchRuntimeConfig(url = '/config.json'): Promise<PageConfig> {
  // Resolved against the origin, not the document: on a page opened as https://user:pass@host/… (pre-production
  // hosts behind basic authentication) a relative URL would carry the credentials, and fetch refuses those.
  const response = await fetchWithTimeout(new URL(url, globalThis.location?.origin ?? 'http://localhost').toString(), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status}`);
  return setRuntimeConfig((await response.json()) as Partial<PageConfig>);
}

/**
 * The run-time settings a host hands every remote it mounts (the `settings` prop): all of the
 * configuration but the manifest URLs, which only the host's loader needs.
 */
export function hostSettingsOf({ remotes: _manifests, demo: _demo, hostSignInUrl: _signIn, ...settings }: PageConfig): HostSettings {
  return settings;
}
