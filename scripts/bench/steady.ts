import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { HotRequest } from '../../server/src/testing/hot-routes';

/**
 * An open-loop load at an even rate: request i is due at start + i / rate, whatever the server is doing, and its
 * latency counts from that moment (a stalled server or client is charged for the wait, so the p99 has no
 * coordinated omission). autocannon's `overallRate` is not this: each of its connections sends its share of a
 * second back to back when its one-second interval fires, so "500 per second" is 500 requests at the top of
 * every second, and the p99 measures how fast that burst drains (docs/benchmarks.md, "Server").
 */
export interface SteadyOptions {
  base: string;
  requests: HotRequest[];
  /** One virtual user per connection, each with the next of these headers (as autocannon's connections sign in). */
  headers: Array<Record<string, string>>;
  rate: number;
  seconds: number;
  connections: number;
}

export interface SteadyResult {
  sent: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

interface VirtualUser {
  headers: Record<string, string>;
  next: number;
  /** Requests due while the previous one is in flight (a user's PUT and its DELETE stay in order). */
  queue: number[];
  busy: boolean;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const round = (value: number) => Math.round(value * 10) / 10;

export function steadyLoad(options: SteadyOptions): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.base);
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  // Request i goes to user i mod their number; each sends `requests` in order.
  const users: VirtualUser[] = Array.from({ length: options.connections }, (_, i) => ({ headers: options.headers[i % options.headers.length], next: 0, queue: [], busy: false }));
  const latencies: number[] = [];
  let errors = 0;
  let scheduled = 0;
  let settled = 0;
  const start = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({ sent: total, p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)), max: round(latencies.at(-1) ?? 0), errors });
    };

    const send = (user: VirtualUser, due: number) => {
      user.busy = true;
      const request = options.requests[user.next++ % options.requests.length];
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const done = (ok: boolean) => {
        latencies.push(performance.now() - due);
        if (!ok) errors += 1;
        settled += 1;
        user.busy = false;
        const waiting = user.queue.shift();
        if (waiting !== undefined) send(user, waiting);
        else if (settled === total) finish();
      };
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) },
        },
        (res) => {
          res.resume();
          res.once('end', () => done((res.statusCode ?? 500) < 400));
        },
      );
      req.once('error', () => done(false));
      req.end(body);
    };

    const tick = () => {
      const now = performance.now();
      while (scheduled < total && start + scheduled * interval <= now) {
        const due = start + scheduled * interval;
        const user = users[scheduled % users.length];
        scheduled += 1;
        if (user.busy) user.queue.push(due);
        else send(user, due);
      }
      if (scheduled < total) setTimeout(tick, Math.max(0, start + scheduled * interval - performance.now()));
    };
    tick();
  });
}
