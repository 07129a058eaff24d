import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';
import { apiUrl } from '@deck/shared/api/api-url';

/** POSTs JSON to a spec path (mapped onto the configured API base) and gives up after 20 s (spec §7), never throwing into the caller. */
export async function postJsonWithTimeout(url: string, body: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<boolean> {
  try {
    const response = await fetchWithTimeout(
      apiUrl(url),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        keepalive: true,
      },
      timeoutMs,
    );
    return response.ok;
  } catch {
    return false;
  }
}
