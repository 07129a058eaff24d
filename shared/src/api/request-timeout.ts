/** Every request the clients send gives up after this long (spec §7): a hanging load ends in its error state. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** fetch() that aborts after `timeoutMs`; the rejection says it timed out. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`Request timed out after ${timeoutMs / 1000} s: ${url}`)), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
