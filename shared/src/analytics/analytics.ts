import type { AnalyticsEventPayload, RuntimeConfig } from '@deck/shared/api/contract';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { analyticsSessionId } from '@deck/shared/logging/session-id';
import { postJsonWithTimeout } from '@deck/shared/logging/post-with-timeout';
import { apiUrl } from '@deck/shared/api/api-url';

export const ANALYTICS_ENDPOINT = '/api/v1/analytics/events/';
const SCHEMA_ID = 'deck.sharing.v1';

export function buildEvent(eventName: string, extra: Record<string, unknown> = {}): AnalyticsEventPayload {
  return {
    core: {
      type: 'event',
      schema_id: SCHEMA_ID,
      client_time: new Date().toISOString(),
      event_source: getRuntimeConfig().shortName,
      event_type: 'user_action',
    },
    platform: 'web',
    user: { session_id: analyticsSessionId() },
    body: { ...extra, event_name: eventName },
  };
}

/** Hosts a developer runs on: localhost, loopback addresses and `.local`/`.localhost` names. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Pre-production and local hosts write events to the console only (spec §7). A local server that wants
 * them recorded (the demo) says so explicitly with `recordLocalAnalytics`; pre-production never sends.
 */
export function analyticsConsoleOnly(
  config: Pick<RuntimeConfig, 'preProduction' | 'recordLocalAnalytics'> = getRuntimeConfig(),
  hostname: string = globalThis.location?.hostname ?? 'localhost',
): boolean {
  if (config.preProduction) return true;
  return isLocalHost(hostname) && !config.recordLocalAnalytics;
}

/**
 * Sends one analytics event by beacon, falling back to a POST (20 s time-out).
 * Suppressed where cookies are off; written to the console only where `analyticsConsoleOnly` says.
 */
export function trackEvent(eventName: string, extra: Record<string, unknown> = {}): void {
  if (globalThis.navigator && !globalThis.navigator.cookieEnabled) return;
  const event = buildEvent(eventName, extra);
  if (analyticsConsoleOnly()) {
    console.info('[analytics]', event);
    return;
  }
  const body = JSON.stringify(event);
  const url = apiUrl(ANALYTICS_ENDPOINT);
  const beaconSent = globalThis.navigator?.sendBeacon?.(url, new Blob([body], { type: 'text/plain' })) ?? false;
  if (!beaconSent) void postJsonWithTimeout(ANALYTICS_ENDPOINT, event);
}
