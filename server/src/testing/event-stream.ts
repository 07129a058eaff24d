import { request, type IncomingMessage } from 'node:http';

export interface ReceivedEvent {
  id?: string;
  event: string;
  data: any;
}

/** A text/event-stream read over HTTP as a browser's EventSource would, for the tests. */
export interface EventStreamClient {
  status: number;
  headers: IncomingMessage['headers'];
  events: ReceivedEvent[];
  /** Comment lines (heartbeats). */
  comments: string[];
  /** Resolves with the first event (past or future) that matches; rejects after `ms`. */
  waitFor(match: (e: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(port: number, path: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: ReceivedEvent = { event: 'message', data: undefined };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data = JSON.parse(line.slice(6));
              hasData = true;
            }
          }
          if (hasData) events.push(e);
          for (const w of waiters.splice(0)) w();
        }
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        waitFor(match, ms = 5000) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
            const check = () => {
              const hit = events.find(match);
              if (hit) {
                clearTimeout(timer);
                found(hit);
              } else waiters.push(check);
            };
            check();
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
