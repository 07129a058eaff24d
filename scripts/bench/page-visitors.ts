import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * Anonymous visitors loading one page over and over, each on its own kept-alive connection, as cheaply for the
 * machine as autocannon loads the bare route (scripts/bench/viral.ts compares the two): a request written once, the
 * answer read as bytes to its last one. Node's HTTP client costs several times more per request than the server's
 * answer from memory, and on the bench's shared cores that cost would be counted against the page. Unlike
 * autocannon it reads past an interim answer (103 Early Hints) to the page itself, and it runs in a process of
 * its own (viral.ts forks it), so the likers' and the owner's requests never queue in its event loop.
 */

export interface VisitorsRequest {
  host: string;
  port: number;
  path: string;
  /** Header lines sent with each request (the browser's Accept and Accept-Encoding). */
  headers: Record<string, string>;
  /** Visitors at once, each one load after another. */
  count: number;
  /** For how long, in ms. */
  durationMs: number;
  /** Each visitor stops sooner after this many loads (a test's fixed amount of work, whatever the machine's speed). */
  loadsEach?: number;
}

export interface VisitorsResult {
  /** Latency of each page answered 200, to its last byte, in ms. */
  latencies: number[];
  /** Answers other than 200 by status (0: no answer). */
  statuses: Array<[number, number]>;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/** Where the answer at the buffer's start ends, or -1 while bytes are missing; null for an answer it cannot read. */
function answerEnd(buffer: Buffer): { end: number; status: number } | null | -1 {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd === -1) return -1;
  const head = buffer.toString('latin1', 0, headerEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + HEADER_END.length;
  // An interim answer (103 Early Hints) has no body: the page follows it.
  if (status >= 100 && status < 200) return { end: bodyStart, status };
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return end <= buffer.length ? { end, status } : -1;
  }
  if (!/\r\ntransfer-encoding: *chunked/.test(head)) return null;
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf(LINE_END, at);
    if (lineEnd === -1) return -1;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) return null;
    // The last chunk, then the empty line that ends the (absent) trailers.
    if (size === 0) return lineEnd + 2 * LINE_END.length <= buffer.length ? { end: lineEnd + 2 * LINE_END.length, status } : -1;
    at = lineEnd + LINE_END.length + size + LINE_END.length;
    if (at > buffer.length) return -1;
  }
}

function visitor(request: VisitorsRequest, payload: Buffer, until: number, result: { latencies: number[]; statuses: Map<number, number> }): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: request.host, port: request.port, noDelay: true });
    let buffer: Buffer = Buffer.alloc(0);
    let started = 0;
    let loads = 0;
    const refused = (status: number) => result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
    const next = () => {
      if (performance.now() >= until || loads === request.loadsEach) {
        socket.end();
        resolve();
        return;
      }
      loads++;
      started = performance.now();
      socket.write(payload);
    };
    socket.on('connect', next);
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const answer = answerEnd(buffer);
        if (answer === -1) return;
        if (answer === null) {
          refused(0);
          socket.destroy();
          resolve();
          return;
        }
        buffer = buffer.subarray(answer.end);
        if (answer.status >= 100 && answer.status < 200) continue;
        if (answer.status === 200) result.latencies.push(performance.now() - started);
        else refused(answer.status);
        next();
        return;
      }
    });
    socket.on('error', () => {
      refused(0);
      resolve();
    });
  });
}

/** `request.count` visitors for `request.durationMs` (or `request.loadsEach` loads each), in this process. */
export async function visitPage(request: VisitorsRequest): Promise<VisitorsResult> {
  const headerLines = Object.entries({ host: `${request.host}:${request.port}`, ...request.headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  const payload = Buffer.from(`GET ${request.path} HTTP/1.1\r\n${headerLines.join('')}\r\n`, 'latin1');
  const result = { latencies: [] as number[], statuses: new Map<number, number>() };
  const until = performance.now() + request.durationMs;
  await Promise.all(Array.from({ length: request.count }, () => visitor(request, payload, until, result)));
  return { latencies: result.latencies, statuses: [...result.statuses] };
}

// As a child process (viral.ts): each request comes in a message, its result goes back in one.
if (process.send && process.env.BENCH_PAGE_VISITORS === '1') {
  process.on('message', (request: VisitorsRequest) => {
    void visitPage(request).then((result) => process.send!(result));
  });
  process.send('ready');
}
