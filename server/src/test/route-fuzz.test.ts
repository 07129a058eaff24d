import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { clientAs, closeTestDatabases, createTestApp, dataHasher, type RegisteredRoute, type TestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS as D, DEMO_USER_OIDS as U } from '../db/seed';
import { MAX_IDENTITY_TOKEN_LENGTH } from '../routes/session';
import { createMetrics } from '../ops/metrics';
import { defaultConfig } from '../config';
import { SignJWT } from 'jose';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

/**
 * Property test over the whole API: every registered route (collected as it registers, so
 * routes added later are covered without touching this file) gets generated bad path parameters,
 * queries and bodies. It must never answer 500, and a refused request (4xx) must change no data.
 */
const RUNS_PER_ROUTE = 10;

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD), so any generated text fits in a URL. */
function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

const SPECIAL_TEXT = [
  '\u0000', 'a\u0000b', '%00', '2147483648', '-2147483649', '99999999999999999999', '1e309', '-1', '0', '1.5', 'NaN',
  'true', 'null', '[]', '{}', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '\ud800', 'x'.repeat(5000),
  'Europe/Budapest', '+01:00', 'prezilink', '__proto__', 'constructor',
  // Titles and names are one line; bounds of the lists.
  'line\nbreak', 'a\rb', 'x\u2028y', '\u202etxt.exe', '\t', '101', '1001',
];

const nastyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...SPECIAL_TEXT),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

/** A deeply nested JSON text (beyond what the server stores). */
const deepJson = fc.integer({ min: 33, max: 3000 }).map((depth) => `${'{"a":['.repeat(depth)}0${']}'.repeat(depth)}`);

function propertiesOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** An object with the schema's own keys (so validation gets past "unknown field") holding bad values. */
function shapedBody(schema: unknown) {
  const keys = propertiesOf(schema);
  if (keys.length === 0) return jsonValue;
  return fc.dictionary(fc.constantFrom(...keys), fc.oneof(jsonValue, nastyText), { minKeys: 1, maxKeys: keys.length });
}

interface GeneratedRequest {
  as: 'alice' | 'anonymous';
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: { text: string; contentType?: string } | null;
}

function requestArbitrary(route: RegisteredRoute, realValue: (param: string) => string): fc.Arbitrary<GeneratedRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const paramArb = fc.record(
    Object.fromEntries(paramNames.map((name) => [name, fc.oneof({ weight: 1, arbitrary: fc.constant(realValue(name)) }, { weight: 2, arbitrary: nastyText })])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryKeys = propertiesOf(route.schema?.querystring);
  const queryKey = queryKeys.length ? fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 6 })) : fc.string({ maxLength: 6 });
  const queryArb = fc.array(fc.tuple(queryKey, nastyText), { maxLength: 4 });
  const contentType = fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined);
  const bodyText = fc.oneof(
    jsonValue.map((v) => JSON.stringify(v)),
    shapedBody(route.schema?.body).map((v) => JSON.stringify(v)),
    fc.array(shapedBody(route.schema?.body), { maxLength: 3 }).map((v) => JSON.stringify(v)),
    deepJson,
    nastyText,
  );
  const bodyArb = fc.option(fc.record({ text: bodyText, contentType }), { nil: null });
  return fc.record({ as: fc.constantFrom('alice' as const, 'anonymous' as const), params: paramArb, query: queryArb, body: bodyArb });
}

function buildUrl(route: RegisteredRoute, req: GeneratedRequest): string {
  let path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => pct(req.params[name]));
  path = path.replace('*', () => pct(req.params['*'] ?? ''));
  const query = req.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

type Headers = Record<GeneratedRequest['as'], Record<string, string>>;

/** The cookies and CSRF token of alice and of an anonymous visitor, as a browser would send them. */
async function headersOfVisitors(t: TestApp): Promise<Headers> {
  const headers: Headers = { alice: {}, anonymous: {} };
  for (const who of ['alice', 'anonymous'] as const) {
    const client = await clientAs(t.app, who === 'alice' ? 'alice' : null);
    headers[who] = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrftoken': client.csrfToken ?? '' };
  }
  return headers;
}

/** RUNS_PER_ROUTE generated requests on each route: never a 500, and a refused one changes no data. */
async function fuzzRoutes(t: TestApp, registered: RegisteredRoute[], headersFor: Headers, realValue: (param: string) => string): Promise<void> {
  const hash = await dataHasher(t.db);
  const routes = registered.filter((r) => r.method !== 'HEAD');
  let refused = 0;
  let current = await hash();
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, realValue), async (req) => {
        const url = buildUrl(route, req);
        const headers: Record<string, string> = { ...headersFor[req.as] };
        if (req.body?.contentType) headers['content-type'] = req.body.contentType;
        const res = await t.app.inject({ method: route.method as InjectOptions['method'], url, headers, payload: req.body?.text });
        assert.ok(res.statusCode < 500, `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        const after = await hash();
        if (res.statusCode >= 400) {
          refused++;
          assert.equal(after, current, `${route.method} ${url} was refused (${res.statusCode}) but changed data`);
        }
        current = after;
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  }
  assert.ok(refused > routes.length * RUNS_PER_ROUTE * 0.5, `most generated requests are bad ones (${refused} refused)`);
}

describe('every route withstands generated bad input: never a 500, never a write', () => {
  let t: TestApp;
  let dir: string;
  let headersFor: Headers;
  const real: Record<string, string> = {};

  before(async () => {
    dir = fakeClientBuild();
    // With metrics, so /metrics (served openly in the demo) gets the bad input too. A live sharing stream ends
    // right after its first event here (its lifetime, docs/api.md), so each generated request gets a whole answer.
    t = await createTestApp({ liveStreams: { ...defaultConfig().liveStreams, lifetimeSeconds: 0 } }, { staticDir: dir, metrics: createMetrics({ processMetrics: false }) });
    headersFor = await headersOfVisitors(t);
    const alice = await clientAs(t.app, 'alice');
    const link = (await alice.get(`/api/v1/prezilink/?presentation_oid=${D.quarterlyReview}`)).body[0];
    const demo = (await alice.get('/api/v1/demo/')).body;
    const dave = (await alice.get(`/api/v1/folders/group/${demo.folders[0].id}/users/`)).body.find((m: { email: string }) => m.email === 'dave@example.com');
    Object.assign(real, {
      oid: D.quarterlyReview,
      linkId: link.link_id,
      id: String(demo.folders[0].id),
      collaboratorId: String(dave.id),
      userOid: U.alice,
      campaignNanoid: 'spring',
      requestId: '1',
      viewToken: (await alice.get(`/api/v4/presentation/${D.quarterlyReview}/token/`)).body.token,
      // the routes: a collaborator's user id, a relation direction, a token type and a sent document's token.
      userId: String(dave.id),
      direction: 'parent',
      tokenType: 'view',
      token: (await alice.get(`/api/v4/presentation/${D.quarterlyReview}/token/`)).body.token,
      '*': 'like-button/remoteEntry.js',
    });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the route list is collected as routes register', () => {
    const urls = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    // The pages that look up a document's or a link's status (routes/page-status.ts) get the same bad input.
    for (const expected of [
      'PUT /api/v4/presentation/:oid/',
      'POST /api/v1/log/',
      'GET /api/v1/prezilink/:linkId/analytics/',
      'GET /embed/d/:viewToken',
      'GET /view/:oid',
      'GET /editor/:oid',
      'GET /l/:linkId',
      // The operations routes and the relation removal.
      'GET /healthz',
      'GET /readyz',
      'GET /metrics',
      'DELETE /api/v4/presentation/:oid/relation/:direction/',
      // The sharing activity, its export and the live streams.
      'GET /api/v1/share/:oid/activity/',
      'GET /api/v1/team/activity/',
      'GET /api/v1/team/activity.csv',
      'GET /api/v1/team/activity/choices/',
      'GET /api/v1/folders/group/:id/activity/',
      'GET /api/v1/share/:oid/live/',
      'GET /api/v1/folders/group/:id/live/',
      // A team's webhook and its delivery log.
      'PUT /api/v1/team/webhook/',
      'POST /api/v1/team/webhook/secret/',
      'GET /api/v1/team/webhook/deliveries/',
      // A team's block list.
      'PUT /api/v1/team/blocked-viewers/',
      // The view-link controls' public routes.
      'POST /api/v1/prezilink/:linkId/unlock/',
      'POST /api/v1/prezilink/:linkId/verification/',
      'POST /api/v1/prezilink/:linkId/verification/confirm/',
      // A link's passcode, for its managers.
      'GET /api/v1/prezilink/:linkId/passcode/',
      // A trackable link's PDF (routes/link-download.ts).
      'GET /api/v1/prezilink/:linkId/download.pdf',
      // The link page's lock forms posted without JavaScript (routes/link-forms.ts).
      'POST /l/:linkId/unlock',
      'POST /l/:linkId/verification',
      'POST /l/:linkId/verification/confirm',
      'POST /l/:linkId/visits',
    ]) {
      assert.ok(urls.has(expected), expected);
    }
  });

  test('the bounds of the lists and lookups: past them a 400 that changes nothing', async () => {
    const hash = await dataHasher(t.db);
    const before = await hash();
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `doc${i}`).join(',');
    for (const url of [
      `/api/v4/presentation/${D.quarterlyReview}/relation/child/?limit=101`,
      `/api/v4/presentation/${D.quarterlyReview}/relation/parent/?offset=-1`,
      `/api/v4/presentation/${D.quarterlyReview}/relation/parent/?offset=1001`,
      `/api/v4/presentation/permissions-for-user/?oids=${fiftyOne}`,
      `/api/v1/share/${D.quarterlyReview}/activity/?limit=201`,
      `/api/v1/share/${D.quarterlyReview}/activity/?limit=0`,
      `/api/v1/team/activity/?before=0`,
      `/api/v1/team/activity/?actor=0`,
      `/api/v1/team/activity/?action=everything`,
      `/api/v1/team/activity.csv?document=${encodeURIComponent("' or 1=1 --")}`,
      `/api/v1/team/activity.csv?from=yesterday`,
      `/api/v1/folders/group/1/activity/?limit=201`,
      `/api/v1/folders/group/0/activity/`,
      `/api/v1/team/webhook/deliveries/?limit=201`,
      `/api/v1/team/webhook/deliveries/?before=0`,
      `/api/v1/share/${D.quarterlyReview}/live/?last_event_id=-1`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: headersFor.alice });
      assert.equal(res.statusCode, 400, `${url} → ${res.statusCode}`);
    }
    assert.equal(await hash(), before);
  });

  test('generated bad path parameters, queries and bodies on every route', async () => {
    await fuzzRoutes(t, t.routes, headersFor, (name) => real[name] ?? 'x');
  });
});

describe('the test-mode routes the browser tests drive withstand the same bad input', () => {
  // /dev/clock and /dev/team-link-rules exist only in test mode (never in production, clock.ts); the app above
  // runs as the demo does, so they get their generated requests here.
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ testMode: true });
  });
  after(() => t.close());

  test('generated bad input on every /dev/ route', async () => {
    const devRoutes = t.routes.filter((route) => route.url.startsWith('/dev/'));
    const urls = devRoutes.map((route) => `${route.method} ${route.url}`);
    for (const expected of ['POST /dev/clock', 'POST /dev/team-link-rules', 'POST /dev/feature-switches', 'POST /dev/documents']) {
      assert.ok(urls.includes(expected), expected);
    }
    await fuzzRoutes(t, devRoutes, await headersOfVisitors(t), () => 'x');
  });

  test("generated block lists, a link's and a team's: never a 500; a refused list writes nothing, a kept one only valid entries", async () => {
    const alice = await clientAs(t.app, 'alice');
    const hash = await dataHasher(t.db);
    const entry = fc.oneof(nastyText, fc.emailAddress(), fc.domain().map((d) => `@${d}`), fc.constantFrom(...SPECIAL_TEXT));
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 60 }), fc.boolean(), async (blocked, team) => {
        const before = await hash();
        const res = team
          ? await alice.post('/dev/team-link-rules', { team: 'Acme', require_link_passcode: false, max_link_expiry_days: null, blocked_viewers: blocked })
          : await alice.post('/api/v1/prezilink/', { presentation_oid: D.quarterlyReview, name: 'Fuzz', visible_on_analytics: false, viewer_identification: false, blocked_viewers: blocked });
        assert.ok(res.status < 500, `${res.status} ${res.text.slice(0, 200)}`);
        if (res.status >= 400) assert.equal(await hash(), before, `refused (${res.status}) but changed data`);
        else if (!team) for (const kept of res.body.blocked_viewers as string[]) assert.match(kept, /^(\*@|[^*@\s]+@)[^@\s*]+$/);
      }),
      { numRuns: 20 },
    );
  });
});

describe("the identity-token exchange withstands generated claims: never a 500, a refused token writes nothing", () => {
  // The exchange exists only with a host key: the apps above have none.
  const HOST = { issuer: 'https://host.example', audience: 'deck-sharing', secret: 'fuzz-host-secret-fuzz-host-secret-0123' };
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ identity: { ...HOST, maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 }, rateLimits: { ...defaultConfig().rateLimits, 'sign-in': { max: 10_000, windowSeconds: 60 } } });
  });
  after(() => t.close());

  const claimValue = fc.oneof(nastyText, jsonValue, fc.constantFrom(...SPECIAL_TEXT));
  const address = fc.oneof(fc.constant('fuzz@example.com'), fc.emailAddress(), nastyText, fc.constantFrom('ｆｕｚｚ@example.com', 'fu\u200bzz@example.com', 'fuzz@exam\u202eple.com'));
  const claims = fc.record(
    {
      sub: fc.oneof(fc.constantFrom(...SPECIAL_TEXT), nastyText, jsonValue),
      email: fc.oneof(address, jsonValue),
      email_verified: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, null), jsonValue),
      given_name: claimValue,
      family_name: claimValue,
      name: claimValue,
      jti: fc.oneof(nastyText, jsonValue),
      extra: fc.dictionary(nastyText, claimValue, { maxKeys: 3 }),
    },
    { requiredKeys: ['sub', 'email'] },
  );

  test('generated claims, signed with the host key', async () => {
    const hash = await dataHasher(t.db);
    const anonymous = await clientAs(t.app, null);
    const headers = { cookie: [...anonymous.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrftoken': anonymous.csrfToken ?? '', 'content-type': 'application/json' };
    let current = await hash();
    await fc.assert(
      fc.asyncProperty(claims, fc.constantFrom('as signed', 'space', 'padding'), async ({ extra, ...generated }, encoding) => {
        const { sub, ...rest } = generated;
        const payload = { ...extra, ...rest } as Record<string, unknown>;
        const signed = await new SignJWT(payload)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(typeof sub === 'string' ? sub : JSON.stringify(sub))
          .setIssuer(HOST.issuer)
          .setAudience(HOST.audience)
          .setIssuedAt()
          .setExpirationTime('2m')
          .sign(new TextEncoder().encode(HOST.secret));
        const token = encoding === 'space' ? `${signed} ` : encoding === 'padding' ? `${signed}=` : signed;
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/session/', headers, payload: JSON.stringify({ token }) });
        assert.ok(res.statusCode < 500, `${JSON.stringify({ sub, ...payload })} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        // Another encoding is refused: 401, or the schema's 400 for a token past the length the exchange reads.
        if (encoding !== 'as signed') assert.equal(res.statusCode, token.length > MAX_IDENTITY_TOKEN_LENGTH ? 400 : 401, 'another encoding of a token is refused');
        const after = await hash();
        if (res.statusCode >= 400) assert.equal(after, current, `refused (${res.statusCode}) but changed data: ${res.body.slice(0, 200)}`);
        current = after;
      }),
      { numRuns: 60 },
    );
  });
});
