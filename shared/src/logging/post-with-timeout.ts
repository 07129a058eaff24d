import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl, requestCredentials } from '@deck/shared/api/api-url';

/** POSTs JSON to a spec path (mapped onto the configured API base) and gives up after 20 s (spec §7), never throwing into the caller. */
export async function postJsonWithTimeout(url: string, body: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<boolean> {
  try {
    const target = apiUrl(url);
    const response = await fetchWithTimeout(
      target,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        // An API on another origin takes the session cookie only when asked.
        credentials: requestCredentials(target),
        keepalive: true,
      },
      timeoutMs,
    );
    return response.ok;
  } catch {
    return false;
  }
}
