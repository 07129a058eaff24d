import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

/**
 * A path under the configured view-link API base (spec §9: '/api/v1/prezilink' by default). On its own, so a page
 * that only needs the address (the view page's slide-time beacon) does not load the API client with it.
 */
export function viewLinkApiPath(...segments: string[]): string {
  const base = getRuntimeConfig().viewLinkApiBase.replace(/\/+$/, '');
  return `${base}/${segments.map(encodeURIComponent).map((segment) => `${segment}/`).join('')}`;
}
