import { createFakeServer } from '@deck/shared/testing/fake-server';
import { fetchJson } from '@deck/shared/api/fetch-json';
import { MISSING_CSRF_MESSAGE } from '@deck/shared/api/csrf';

describe('fetchJson', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('reads JSON, sending the parameters it was given and leaving out the undefined ones', async () => {
    const server = createFakeServer({ 'GET /api/doc/': { body: { title: 'A' } } });
    restore = server.install();
    await expect(fetchJson({ url: '/api/doc/', params: { include: true, key: undefined, page: 2 } })).resolves.toEqual({ data: { title: 'A' } });
    expect(Object.fromEntries(server.calls[0].query)).toEqual({ include: 'true', page: '2' });
  });

  it('sends the CSRF token on a mutating call, and no call at all without it', async () => {
    const server = createFakeServer({ 'PUT /api/like/': { body: { ok: true } } });
    restore = server.install();
    await expect(fetchJson({ url: '/api/like/', method: 'PUT' })).resolves.toEqual({ error: { status: 'CUSTOM_ERROR', error: MISSING_CSRF_MESSAGE } });
    expect(server.calls).toHaveLength(0);
    document.cookie = 'csrftoken=t0k; path=/';
    await expect(fetchJson({ url: '/api/like/', method: 'PUT' })).resolves.toEqual({ data: { ok: true } });
    expect(server.calls[0].headers.get('X-CSRFToken')).toBe('t0k');
  });

  it('sends a change with keepalive, so it outlives a page left at once, and a read without', async () => {
    const original = globalThis.fetch;
    const inits: RequestInit[] = [];
    globalThis.fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init ?? {});
      return new Response('{}', { status: 200 });
    };
    restore = () => (globalThis.fetch = original);
    document.cookie = 'csrftoken=t0k; path=/';
    await fetchJson({ url: '/api/like/', method: 'PUT' });
    await fetchJson({ url: '/api/doc/' });
    expect(inits.map((init) => init.keepalive)).toEqual([true, false]);
  });

  it('fails with the status and the body the server sent', async () => {
    restore = createFakeServer({ 'GET /api/doc/': { status: 403, body: { message: 'No access', code: 'CAN_NOT_VIEW' } } }).install();
    await expect(fetchJson({ url: '/api/doc/' })).resolves.toEqual({ error: { status: 403, data: { message: 'No access', code: 'CAN_NOT_VIEW' } } });
  });

  it('fails with the status when the body of a failure is not JSON', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    restore = () => (globalThis.fetch = original);
    await expect(fetchJson({ url: '/api/doc/' })).resolves.toEqual({ error: { status: 502, data: '<html>Bad Gateway</html>' } });
  });

  it('turns a network failure into FETCH_ERROR instead of throwing', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    restore = () => (globalThis.fetch = original);
    await expect(fetchJson({ url: '/api/doc/' })).resolves.toEqual({ error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
  });
});
