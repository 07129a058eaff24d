/**
 * The bench's server runs as a company runs it (DECK_PRODUCTION=1, docs/deploying.md): no demo listing on its pages,
 * no dev routes, Secure cookies, and people signed in with the host product's identity token (HS256 with this
 * secret). Shared by serve.ts, which starts it, and server.ts, which signs people in and reads its metrics.
 */
export const BENCH_IDENTITY = {
  DECK_PRODUCTION: '1',
  SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  HOST_IDENTITY_SECRET: 'bench-host-secret-bench-host-secret-0123',
  HOST_IDENTITY_ISSUER: 'https://host.bench.invalid',
  HOST_IDENTITY_AUDIENCE: 'deck-bench',
} as const;

/** /metrics answers production's scrapers only with this bearer token (METRICS_TOKEN). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';
