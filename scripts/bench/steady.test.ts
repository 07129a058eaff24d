import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { steadyLoad } from './steady';

describe('steadyLoad (an even rate, each request timed from when it was due)', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ user: string; method: string; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ user: String(req.headers.cookie), method: req.method ?? '', body });
        res.statusCode = req.headers.cookie === 'user=refused' ? 403 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen.length = 0));

  it("sends rate × seconds requests, one connection per user, each connection alternating the route's requests with its user's headers", async () => {
    const result = await steadyLoad({
      base,
      requests: [
        { method: 'PUT', path: '/like', body: { n: 1 } },
        { method: 'DELETE', path: '/like' },
      ],
      headers: [{ cookie: 'user=a' }, { cookie: 'user=b' }],
      rate: 200,
      seconds: 0.4,
      connections: 4,
    });
    expect(result.sent).toBe(80);
    expect(result.errors).toBe(0);
    expect(seen).toHaveLength(80);
    expect(seen.filter((s) => s.user === 'user=a')).toHaveLength(40);
    // Four connections over two sign-ins: each connection alternates PUT and DELETE, so each user sent 20 of each.
    expect(seen.filter((s) => s.user === 'user=b' && s.method === 'PUT')).toHaveLength(20);
    expect(seen.filter((s) => s.method === 'PUT').every((s) => s.body === '{"n":1}')).toBe(true);
    expect(seen.filter((s) => s.method === 'DELETE').every((s) => s.body === '')).toBe(true);
    expect(result.p50).toBeLessThanOrEqual(result.p99);
    expect(result.p99).toBeLessThanOrEqual(result.max);
  });

  it('counts a refusal as an error', async () => {
    const result = await steadyLoad({ base, requests: [{ method: 'GET', path: '/' }], headers: [{ cookie: 'user=refused' }, { cookie: 'user=a' }], rate: 100, seconds: 0.2, connections: 2 });
    expect(result.sent).toBe(20);
    expect(result.errors).toBe(10);
  });
});
