/** Every request the clients send gives up after this long (spec §7): a hanging load ends in its error state. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** What fetchWithTimeout rejects with when the server did not answer in time. */
export class RequestTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    super(`Request timed out after ${timeoutMs / 1000} s: ${url}`);
    this.name = 'RequestTimeoutError';
  }
}

/** fetch() that aborts after `timeoutMs`; the rejection says it timed out. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RequestTimeoutError(url, timeoutMs)), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
