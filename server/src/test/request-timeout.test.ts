import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';

after(closeTestDatabases);

/**
 * Sends a request whose body trickles in (one byte every 100 ms, 200 bytes announced) and returns what the server
 * answered: its status line, or 'no answer' when the whole body went through unanswered.
 */
function trickle(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 200\r\n\r\n`);
      timer = setInterval(() => {
        if (sent >= 200 || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        sent += 1;
        socket.write('x');
      }, 100);
    });
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', (err) => (answer ? undefined : reject(err)));
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer.split('\r\n')[0] || 'no answer');
    });
  });
}

describe('a request must arrive whole within the request time-out', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp({ requestTimeoutSeconds: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  test('a body that trickles in is cut with 408 and its connection closed', async () => {
    assert.equal(await trickle(port, '/api/v1/log/'), 'HTTP/1.1 408 Request Timeout');
  });
});
