import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { visitPage } from './page-visitors';

describe('visitPage (visitors loading a page on kept-alive raw connections)', () => {
  let server: http.Server;
  let port: number;
  let answered = 0;
  const headersSeen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // Each visitor's answers take turns: a page after a 103 in pieces, a page whose length is given, a 404.
    server = http.createServer((req, res) => {
      headersSeen.push(req.headers);
      const turn = answered++ % 3;
      if (turn === 0) {
        res.writeEarlyHints({ link: '</font.woff2>; rel=preload; as=font' });
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>first part</p>');
        setTimeout(() => res.end('<p>last part</p>'), 2);
      } else if (turn === 1) {
        const page = Buffer.from('<p>kept page</p>'.repeat(500));
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': page.length });
        res.end(page);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain', 'content-length': 9 });
        res.end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads past 103 Early Hints to the page, reads chunked and sized bodies to their end, and counts other answers by status', async () => {
    const result = await visitPage({ host: '127.0.0.1', port, path: '/view/x', headers: { accept: 'text/html' }, count: 1, durationMs: 60_000, loadsEach: 6 });
    const others = new Map(result.statuses);
    // One visitor, one request at a time: every third answer is the 404, the others are pages.
    expect(answered).toBe(6);
    expect(result.latencies).toHaveLength(4);
    expect(others.get(404)).toBe(2);
    expect([...others.keys()]).toEqual([404]);
    for (const latency of result.latencies) expect(latency).toBeGreaterThan(0);
    expect(headersSeen[0]).toMatchObject({ host: `127.0.0.1:${port}`, accept: 'text/html' });
  });

  it('keeps each visitor on one connection for all of its loads', async () => {
    const connections = new Set<unknown>();
    const count = (req: http.IncomingMessage) => connections.add(req.socket);
    server.on('request', count);
    try {
      await visitPage({ host: '127.0.0.1', port, path: '/view/x', headers: {}, count: 3, durationMs: 60_000, loadsEach: 4 });
    } finally {
      server.off('request', count);
    }
    expect(connections.size).toBe(3);
    expect(answered).toBe(6 + 3 * 4);
  });
});
