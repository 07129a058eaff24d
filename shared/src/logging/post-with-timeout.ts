export const REQUEST_TIMEOUT_MS = 20_000;

/** POSTs JSON and gives up after 20 s (spec §7), never throwing into the caller. */
export async function postJsonWithTimeout(url: string, body: unknown, timeoutMs = REQUEST_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(new URL(url, globalThis.location?.origin ?? 'http://localhost').toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
      signal: controller.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
