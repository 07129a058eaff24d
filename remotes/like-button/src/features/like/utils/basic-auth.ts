import type { RuntimeConfig } from '@deck/shared/api/contract';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

function base64(text: string): string {
  // btoa takes Latin-1 only; encoding to UTF-8 first keeps any user name or password intact.
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Basic authorisation value for the credentials in a URL (user:password@host), if it has any. */
export function basicAuthFromUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!url.username && !url.password) return null;
  return `Basic ${base64(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`)}`;
}

/**
 * Spec §7: on pre-production hosts, like calls carry basic authentication taken from the
 * credentials in the page's URL (those hosts sit behind a password).
 */
export function likeAuthHeaders(
  config: Pick<RuntimeConfig, 'preProduction'> = getRuntimeConfig(),
  // document.URL keeps the user:password of the address bar; Chromium's location.href drops them.
  href: string | undefined = globalThis.document?.URL ?? globalThis.location?.href,
): Record<string, string> {
  if (!config.preProduction || !href) return {};
  const authorization = basicAuthFromUrl(href);
  return authorization ? { Authorization: authorization } : {};
}
