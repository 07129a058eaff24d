import { configureStore } from '@reduxjs/toolkit';
import { csrfBaseQuery } from '@deck/shared/api/base-query';
import { fetchJson } from '@deck/shared/api/fetch-json';
import { isCrossOrigin, requestCredentials } from '@deck/shared/api/api-url';
import { CSRF_HEADER, MISSING_CSRF_MESSAGE } from '@deck/shared/api/csrf';
import { postJsonWithTimeout } from '@deck/shared/logging/post-with-timeout';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';

/**
 * A host page on another origin than the API. Its requests carry the cookies only when asked
 * (`credentials: 'include'`), and the CSRF token comes from the API's answers (X-CSRFToken response header),
 * since the page cannot read the API origin's cookie. On the page's own origin nothing changes.
 */

interface Sent {
  url: string;
  method: string;
  credentials: RequestCredentials;
  csrf: string | null;
  /** Present only on a request sent with keepalive. */
  keepalive?: true;
}

/** A fetch that answers every request with `{}` and the given token header, recording what was sent. */
function installApi(token: (call: Sent) => string | null) {
  const sent: Sent[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const call = { url: request.url, method: request.method, credentials: init?.credentials ?? request.credentials, csrf: request.headers.get(CSRF_HEADER), ...(init?.keepalive ? { keepalive: true as const } : {}) };
    sent.push(call);
    const t = token(call);
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json', ...(t ? { [CSRF_HEADER]: t } : {}) } });
  });
  return { sent, restore: () => (globalThis.fetch = previous) };
}

const store = configureStore({ reducer: (state: null = null) => state });
const api = { signal: new AbortController().signal, dispatch: store.dispatch, getState: store.getState, abort: () => {}, extra: undefined, endpoint: 'test', type: 'mutation' as const };
const query = (args: Parameters<typeof csrfBaseQuery>[0]) => csrfBaseQuery(args, api, {});

describe('an API on another origin', () => {
  let restore = () => {};
  afterEach(() => {
    restore();
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('tells cross-origin URLs apart and asks for the cookies only there', () => {
    expect(isCrossOrigin('/api/v4/x/')).toBe(false);
    expect(isCrossOrigin(`${location.origin}/api/v4/x/`)).toBe(false);
    expect(isCrossOrigin('https://deck.example/api/v4/x/')).toBe(true);
    expect(requestCredentials('/api/v4/x/')).toBe('same-origin');
    expect(requestCredentials('https://deck.example/api/v4/x/')).toBe('include');
  });

  it('RTK Query calls: reads with credentials, the token from their answers on the next mutation, never the page cookie', async () => {
    setRuntimeConfig({ apiBase: 'https://one.example/api/v4' });
    document.cookie = 'csrftoken=page-cookie; path=/';
    const server = installApi(() => 'from-the-answer');
    restore = server.restore;
    await query('/api/v4/presentation/abc/');
    const result = await query({ url: '/api/v4/presentation/abc/like/', method: 'PUT' });
    expect(result.error).toBeUndefined();
    expect(server.sent).toEqual([
      { url: 'https://one.example/api/v4/presentation/abc/', method: 'GET', credentials: 'include', csrf: null },
      { url: 'https://one.example/api/v4/presentation/abc/like/', method: 'PUT', credentials: 'include', csrf: 'from-the-answer' },
    ]);
  });

  it('a first mutation reads the session on that origin for the token; a sign-in answer replaces it', async () => {
    setRuntimeConfig({ apiBase: 'https://two.example/api/v4' });
    let n = 0;
    const server = installApi(() => `token-${++n}`);
    restore = server.restore;
    await Promise.all([query({ url: '/api/v1/session/', method: 'POST', body: {} }), query({ url: '/api/v4/presentation/abc/like/', method: 'PUT' })]);
    expect(server.sent[0]).toEqual({ url: 'https://two.example/api/v1/session/', method: 'GET', credentials: 'include', csrf: null });
    expect(server.sent.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(server.sent.slice(1).map((c) => c.csrf)).toEqual(['token-1', 'token-1']);
    await query({ url: '/api/v4/presentation/abc/like/', method: 'DELETE' });
    expect(server.sent.at(-1)?.csrf).toMatch(/^token-[23]$/);
  });

  it('without a token from the other origin a mutation is not sent', async () => {
    setRuntimeConfig({ apiBase: 'https://three.example/api/v4' });
    document.cookie = 'csrftoken=page-cookie; path=/';
    const server = installApi(() => null);
    restore = server.restore;
    await expect(query({ url: '/api/v4/presentation/abc/like/', method: 'PUT' })).resolves.toEqual({ error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } });
    expect(server.sent.map((c) => `${c.method} ${c.url}`)).toEqual(['GET https://three.example/api/v1/session/']);
  });

  it('fetchJson and the log intake do the same; fetchJson sends its change without keepalive here', async () => {
    setRuntimeConfig({ apiBase: 'https://four.example/api/v4' });
    const server = installApi(() => 'four-token');
    restore = server.restore;
    await fetchJson({ url: '/api/v4/presentation/abc/like/', method: 'PUT' });
    await postJsonWithTimeout('/api/v1/log/', [{ level: 'error', message: 'x' }]);
    expect(server.sent).toEqual([
      { url: 'https://four.example/api/v1/session/', method: 'GET', credentials: 'include', csrf: null },
      { url: 'https://four.example/api/v4/presentation/abc/like/', method: 'PUT', credentials: 'include', csrf: 'four-token' },
      // The log intake's POST is a report sent as the page goes (post-with-timeout.ts), keepalive on every origin.
      { url: 'https://four.example/api/v1/log/', method: 'POST', credentials: 'include', csrf: null, keepalive: true },
    ]);
  });

  it("on the page's own origin: same-origin credentials, the cookie's token, no extra session read; fetchJson's change with keepalive", async () => {
    document.cookie = 'csrftoken=page-cookie; path=/';
    const server = installApi(() => 'ignored');
    restore = server.restore;
    await query({ url: '/api/v4/presentation/abc/like/', method: 'PUT' });
    await fetchJson({ url: '/api/v4/presentation/abc/like/', method: 'DELETE' });
    expect(server.sent).toEqual([
      { url: `${location.origin}/api/v4/presentation/abc/like/`, method: 'PUT', credentials: 'same-origin', csrf: 'page-cookie'},
      { url: `${location.origin}/api/v4/presentation/abc/like/`, method: 'DELETE', credentials: 'same-origin', csrf: 'page-cookie', keepalive: true },
    ]);
  });
});
