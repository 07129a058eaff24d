import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { hostSignInHref } from '@deck/shared/api/host-sign-in';

/** The demo's own users can be signed in as (`/dev/sign-in`); never in production (docs/security.md). */
export function isDemo(): boolean {
  return getRuntimeConfig().demo === true;
}

/** The host product's sign-in page that comes back to `returnTo` (a path of this site), or null when none is set. */
export function hostSignInLink(returnTo: string): string | null {
  const { hostSignInUrl, apiBase } = getRuntimeConfig();
  if (!hostSignInUrl) return null;
  // On the server (the view page's first view) the site's origin is the one its absolute API base was made from.
  const origin = typeof window === 'undefined' ? new URL(apiBase, 'http://localhost').origin : window.location.origin;
  return hostSignInHref(hostSignInUrl, new URL(returnTo, origin).toString());
}
