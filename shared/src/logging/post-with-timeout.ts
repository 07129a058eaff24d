import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from '@deck/shared/api/request-timeout';

/** POSTs JSON and gives up after 20 s (spec §7), never throwing into the caller. */
export async function postJsonWithTimeout(url: string, body: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<boolean> {
  try {
    const response = await fetchWithTimeout(
      new URL(url, globalThis.location?.origin ?? 'http://localhost').toString(),
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
