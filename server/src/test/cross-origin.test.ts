import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { clientAs, closeTestDatabases, createTestApp, snapshot, TestClient, type TestApp, type TestResponse } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { crossOriginFromEnv, CORS_EXPOSED_HEADERS } from '../http/cors';
import { StartupError } from '../production';
import { MESSAGES } from '../permissions/messages';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const HOST = 'https://host.example';
const OTHER_HOST = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';

const header = (res: { headers: Record<string, string | string[] | number | undefined> }, name: string) => {
  const v = res.headers[name.toLowerCase()];
  return v === undefined ? undefined : String(v);
};
const varyOf = (res: { headers: Record<string, string | string[] | number | undefined> }) =>
  (header(res, 'vary') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const setCookies = (res: { headers: Record<string, unknown> }): string[] => [res.headers['set-cookie'] ?? []].flat().map(String);

function preflight(t: TestApp, url: string, origin: string, method = 'PUT', headers = 'content-type,x-csrftoken') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('CORS_ALLOWED_ORIGINS and PUBLIC_ORIGIN from the environment', () => {
  test('exact origins only: a list is parsed, anything else stops the server', () => {
    assert.deepEqual(crossOriginFromEnv({}), { corsAllowedOrigins: [], publicOrigin: null });
    assert.deepEqual(crossOriginFromEnv({ CORS_ALLOWED_ORIGINS: ` ${HOST}, ${OTHER_HOST} ,,${HOST}`, PUBLIC_ORIGIN: 'https://deck.example' }), {
      corsAllowedOrigins: [HOST, OTHER_HOST],
      publicOrigin: 'https://deck.example',
    });
    for (const bad of ['*', 'https://host.example/', 'https://host.example/app', 'host.example', 'https://*.example', 'ftp://host.example']) {
      assert.throws(() => crossOriginFromEnv({ CORS_ALLOWED_ORIGINS: bad }), StartupError, bad);
    }
    assert.throws(() => crossOriginFromEnv({ PUBLIC_ORIGIN: 'https://deck.example/path' }), StartupError);
  });
});

describe('the API across origins', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ testMode: true, corsAllowedOrigins: [HOST, OTHER_HOST] });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('a preflight from a listed origin allows credentials, the methods and the headers the client sends', async () => {
    for (const url of [`/api/v4/presentation/${QR}/like/`, '/api/v1/session/', `/api/v1/share/${QR}/permissions/`]) {
      const res = await preflight(t, url, HOST);
      assert.equal(res.statusCode, 204, url);
      assert.equal(header(res, 'access-control-allow-origin'), HOST);
      assert.equal(header(res, 'access-control-allow-credentials'), 'true');
      const allowedHeaders = (header(res, 'access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
      for (const h of ['content-type', 'x-csrftoken']) assert.ok(allowedHeaders.includes(h), `${h} in ${allowedHeaders.join(', ')}`);
      const methods = (header(res, 'access-control-allow-methods') ?? '').split(/,\s*/);
      for (const m of ['GET', 'PUT', 'POST', 'PATCH', 'DELETE']) assert.ok(methods.includes(m), m);
      assert.ok(varyOf(res).includes('origin'));
      assert.equal(setCookies(res).length, 0, 'a preflight starts no session');
    }
    // The second listed origin is answered with its own origin, never the first.
    assert.equal(header(await preflight(t, '/api/v1/session/', OTHER_HOST), 'access-control-allow-origin'), OTHER_HOST);
  });

  test('a preflight from an origin not on the list gets no CORS headers (and no near miss passes)', async () => {
    for (const origin of [FOREIGN, 'https://host.example.evil.example', 'http://host.example', 'https://host.example:444', 'null']) {
      const res = await preflight(t, `/api/v4/presentation/${QR}/like/`, origin);
      assert.equal(res.statusCode, 403, origin);
      assert.equal(header(res, 'access-control-allow-origin'), undefined, origin);
      assert.equal(header(res, 'access-control-allow-credentials'), undefined, origin);
    }
  });

  test('reads: a listed origin gets CORS with credentials and the CSRF token in an exposed header; others get neither', async () => {
    const host = await clientAs(t.app, 'dave');
    const res = await host.get(`/api/v4/presentation/${QR}/`, { headers: { origin: HOST } });
    assert.equal(res.status, 200);
    assert.equal(header(res, 'access-control-allow-origin'), HOST);
    assert.equal(header(res, 'access-control-allow-credentials'), 'true');
    const exposed = (header(res, 'access-control-expose-headers') ?? '').split(/,\s*/);
    for (const h of CORS_EXPOSED_HEADERS) assert.ok(exposed.includes(h), h);
    assert.equal(header(res, 'x-csrftoken'), host.csrfToken, 'the session token, which the host page cannot read from our cookie');
    assert.ok(varyOf(res).includes('origin'));

    const foreign = await host.get(`/api/v4/presentation/${QR}/`, { headers: { origin: FOREIGN } });
    assert.equal(foreign.status, 200, 'the browser, not the server, keeps the answer from the foreign page');
    assert.equal(header(foreign, 'access-control-allow-origin'), undefined);
    assert.equal(header(foreign, 'access-control-allow-credentials'), undefined);
    assert.equal(header(foreign, 'x-csrftoken'), undefined, 'never the token to an unlisted origin');
    assert.ok(varyOf(foreign).includes('origin'));

    // The product's own pages: unchanged, no CORS and no token header (they read the cookie).
    const own = await host.get(`/api/v4/presentation/${QR}/`);
    assert.equal(header(own, 'access-control-allow-origin'), undefined);
    assert.equal(header(own, 'x-csrftoken'), undefined);
    assert.ok(varyOf(own).includes('origin'), 'a cache keeps the answers to each origin apart');
  });

  test('Vary keeps Accept-Encoding beside Origin on a compressed answer', async () => {
    const alice = await clientAs(t.app, 'alice');
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/demo/', headers: { origin: HOST, 'accept-encoding': 'gzip', cookie } });
    assert.equal(header(res, 'content-encoding'), 'gzip');
    assert.deepEqual(varyOf(res).sort(), ['accept-encoding', 'origin']);
    assert.equal(header(res, 'access-control-allow-origin'), HOST);
  });

  test('errors carry the CORS headers too, so the host reads the reason', async () => {
    const anon = await clientAs(t.app, null);
    const res = await anon.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: HOST }, csrf: false });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'CSRF_FAILED');
    assert.equal(header(res, 'access-control-allow-origin'), HOST);
    assert.equal(header(res, 'access-control-allow-credentials'), 'true');
  });

  test('mutations: a listed origin with the token works; without it, or from another origin with token and cookie, nothing is written', async () => {
    const dave = await clientAs(t.app, 'dave');
    // The token as a host page gets it: from the response header of any API call.
    const token = header(await dave.get('/api/v1/session/', { headers: { origin: HOST } }), 'x-csrftoken');
    assert.ok(token);

    const before = await snapshot(t.db);
    const missing = await dave.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: HOST }, csrf: false });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.code, 'CSRF_FAILED');
    const wrong = await dave.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: HOST }, csrf: 'not-the-token-not-the-token' });
    assert.equal(wrong.status, 403);
    for (const origin of [FOREIGN, 'null', 'https://host.example.evil.example']) {
      const foreign: TestResponse = await dave.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin }, csrf: token });
      assert.equal(foreign.status, 403, origin);
      assert.equal(foreign.body.code, 'ORIGIN_NOT_ALLOWED');
      assert.equal(foreign.body.message, MESSAGES.csrf);
      assert.equal(header(foreign, 'access-control-allow-origin'), undefined);
    }
    // The beacon intake takes no token, but the Origin check holds there too.
    const beacon = await dave.request('POST', '/api/v1/log/', { headers: { origin: FOREIGN }, body: [{ level: 'error', message: 'forged' }], csrf: false });
    assert.equal(beacon.status, 403);
    assert.deepEqual(await snapshot(t.db), before, 'nothing was written');

    const liked = await dave.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: HOST }, csrf: token });
    assert.equal(liked.status, 200, liked.text);
    assert.equal(header(liked, 'access-control-allow-origin'), HOST);
    const logged = await dave.request('POST', '/api/v1/log/', { headers: { origin: HOST }, body: [{ level: 'error', message: 'from the host' }], csrf: false });
    assert.equal(logged.status, 204);
  });

  test("the product's own pages are unchanged: same-host Origin or none", async () => {
    const dave = await clientAs(t.app, 'dave');
    const own = await dave.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: 'http://localhost:80' } });
    assert.equal(own.status, 200, own.text);
    const none = await dave.request('DELETE', `/api/v4/presentation/${QR}/like/`);
    assert.equal(none.status, 200, none.text);
  });

  test('with host origins listed, both session cookies are SameSite=None; Secure; Partitioned', async () => {
    const res = await new TestClient(t.app).get('/api/v1/session/', { headers: { origin: HOST } });
    const signIn = await new TestClient(t.app).get('/dev/sign-in?user=dave&next=/', { headers: { origin: HOST } });
    assert.equal(header(signIn, 'access-control-allow-origin'), HOST, 'the demo sign-in answers the host page too');
    for (const cookies of [setCookies(res), setCookies(signIn)]) {
      for (const name of ['deck_session', 'csrftoken']) {
        const c = cookies.find((v) => v.startsWith(`${name}=`));
        assert.ok(c, name);
        assert.match(c, /; SameSite=None/, c);
        assert.match(c, /; Secure/, c);
        assert.match(c, /; Partitioned/, c);
      }
      assert.match(cookies.find((v) => v.startsWith('deck_session='))!, /HttpOnly/);
    }
  });

  test('without host origins the cookies stay SameSite=Lax, unpartitioned, and no answer has CORS headers', async () => {
    const plain = await createTestApp();
    try {
      const res = await new TestClient(plain.app).get('/api/v1/session/', { headers: { origin: HOST } });
      for (const c of setCookies(res)) {
        assert.match(c, /; SameSite=Lax/, c);
        assert.doesNotMatch(c, /Secure|Partitioned/, c);
      }
      assert.equal(header(res, 'access-control-allow-origin'), undefined);
      assert.equal(header(res, 'x-csrftoken'), undefined);
      assert.equal((await preflight(plain, '/api/v1/session/', HOST)).statusCode, 403);
    } finally {
      await plain.close();
    }
  });
});

describe('sign-in from a host on another origin', () => {
  const secret = 'host-secret-host-secret-host-secret-0123';
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      corsAllowedOrigins: [HOST],
      identity: { issuer: 'https://host.example', audience: 'deck-sharing', secret, maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 },
    });
  });
  afterEach(() => t.close());

  test("the token exchange answers with the new session's CSRF token, which the next mutation needs", async () => {
    const browser = new TestClient(t.app);
    const first = header(await browser.get('/api/v1/session/', { headers: { origin: HOST } }), 'x-csrftoken');
    assert.ok(first);
    const jwt = await new SignJWT({ email: 'hana@example.com', given_name: 'Hana', family_name: 'Host' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('host-user-1')
      .setIssuer('https://host.example')
      .setAudience('deck-sharing')
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode(secret));
    const signedIn = await browser.request('POST', '/api/v1/session/', { headers: { origin: HOST }, body: { token: jwt }, csrf: first });
    assert.equal(signedIn.status, 200, signedIn.text);
    const next = header(signedIn, 'x-csrftoken');
    assert.ok(next);
    assert.notEqual(next, first, 'a new session, a new token');
    assert.equal(next, browser.csrfToken, 'the header is the token of the new cookie');
    const stale = await browser.request('PUT', `/api/v4/presentation/${QR}/like/`, { headers: { origin: HOST }, csrf: first });
    assert.equal(stale.status, 403);
    const ok = await browser.request('POST', '/api/v1/session/sign-out/', { headers: { origin: HOST }, csrf: next });
    assert.ok(ok.status < 300, ok.text);
  });
});

describe('/config.json for hosts on another origin', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  test('any origin may read it (no credentials), and every URL in it is absolute, from the request or PUBLIC_ORIGIN', async () => {
    t = await createTestApp({ remotes: { 'like-button': 'https://cdn.example/like/mf-manifest.json' } });
    const res = await new TestClient(t.app).get('/config.json', { headers: { origin: FOREIGN, host: 'deck.local:8080' } });
    assert.equal(res.status, 200);
    assert.equal(header(res, 'access-control-allow-origin'), '*');
    assert.equal(header(res, 'access-control-allow-credentials'), undefined);
    assert.equal(res.body.apiBase, 'http://deck.local:8080/api/v4');
    assert.equal(res.body.viewLinkApiBase, '/api/v1/prezilink', 'a spec path, mapped by the client onto apiV1Base (from the absolute apiBase)');
    assert.equal(res.body.productSiteUrl, 'http://deck.local:8080/');
    assert.equal(res.body.remotes['share-dialog'], 'http://deck.local:8080/remotes/share-dialog/mf-manifest.json');
    assert.equal(res.body.remotes['like-button'], 'https://cdn.example/like/mf-manifest.json', 'an absolute override stays');

    const pre = await t.app.inject({ method: 'OPTIONS', url: '/config.json', headers: { origin: FOREIGN, 'access-control-request-method': 'GET' } });
    assert.equal(pre.statusCode, 204);
    assert.equal(header(pre, 'access-control-allow-origin'), '*');
    await t.close();

    t = await createTestApp({ publicOrigin: 'https://deck.example' });
    const configured = await new TestClient(t.app).get('/config.json', { headers: { host: 'internal:8080' } });
    assert.equal(configured.body.apiBase, 'https://deck.example/api/v4');
    assert.equal(configured.body.remotes['referral-panel'], 'https://deck.example/remotes/referral-panel/mf-manifest.json');
  });

  test('behind a trusted proxy the forwarded host and scheme make the URLs', async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/config.json',
      remoteAddress: '127.0.0.1',
      headers: { host: 'deck:8080', 'x-forwarded-host': 'host.example', 'x-forwarded-proto': 'https' },
    });
    assert.equal(JSON.parse(res.body).apiBase, 'https://host.example/api/v4');
  });
});
