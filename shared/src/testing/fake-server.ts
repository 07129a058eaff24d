/**
 * A fetch for component tests: answers the routes a test declares and records every call,
 * so a test can assert what a component sent. Unknown routes fail loudly with 404.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export function createFakeServer(routes: Record<string, RouteHandler | FakeAnswer>) {
  const calls: RecordedCall[] = [];

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: `No fake route ${call.method} ${call.path}` }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const answer = typeof route === 'function' ? await route(call) : route;
    const status = answer.status ?? 200;
    // 204 and 304 carry no body.
    return new Response(status === 204 || status === 304 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };

  return {
    calls,
    fetch: fetchImpl,
    install() {
      const previous = globalThis.fetch;
      globalThis.fetch = fetchImpl;
      return () => {
        globalThis.fetch = previous;
      };
    },
  };
}
