import type { AnalyticsEventPayload } from '@deck/shared/api/contract';
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

/**
 * Sends one analytics event by beacon, falling back to a POST (20 s time-out).
 * Suppressed where cookies are off; on pre-production hosts only written to the console (spec §7).
 */
export function trackEvent(eventName: string, extra: Record<string, unknown> = {}): void {
  if (globalThis.navigator && !globalThis.navigator.cookieEnabled) return;
  const event = buildEvent(eventName, extra);
  if (getRuntimeConfig().preProduction) {
    console.info('[analytics]', event);
    return;
  }
  const body = JSON.stringify(event);
  const url = apiUrl(ANALYTICS_ENDPOINT);
  const beaconSent = globalThis.navigator?.sendBeacon?.(url, new Blob([body], { type: 'text/plain' })) ?? false;
  if (!beaconSent) void postJsonWithTimeout(ANALYTICS_ENDPOINT, event);
}
