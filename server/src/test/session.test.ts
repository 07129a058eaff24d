import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { clientAs, createTestApp, snapshot, TestClient, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';
import { safeNext } from '../routes/dev';
import { publicUrlsFromEnv } from '../config';

/** A release's types package as npm packs it: gzip, above the compression threshold (1 KB). */
const TYPES_TARBALL = gzipSync(randomBytes(2048));

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('sessions, sign-in and CSRF', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('an anonymous visitor gets a session and a readable csrftoken cookie', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/api/v1/session/');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { user: null });
    assert.ok(c.cookies.get('deck_session'));
    assert.ok((c.csrfToken ?? '').length >= 24);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    assert.ok(setCookie.some((v) => v.startsWith('deck_session=') && /HttpOnly/i.test(v)));
    assert.ok(setCookie.some((v) => v.startsWith('csrftoken=') && !/HttpOnly/i.test(v)));
    // The cookie is kept on later requests (no new one).
    const again = await c.get('/api/v1/session/');
    assert.equal(again.headers['set-cookie'], undefined);
  });

  test('sign-in redirects to next and the session names the user; sign-out clears it', async () => {
    const c = new TestClient(t.app);
    // The first read gives the client its anonymous CSRF token.
    await c.get('/api/v1/session/');
    const anonToken = c.csrfToken;
    const res = await c.get(`/dev/sign-in?user=carol&next=${encodeURIComponent(`/editor/${QR}`)}`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, `/editor/${QR}`);
    assert.notEqual(c.csrfToken, anonToken, 'token rotated on sign-in');
    const s = await c.get('/api/v1/session/');
    assert.equal(s.body.user.username, 'carol');
    assert.equal(s.body.user.firstName, 'Carol');
    assert.equal(s.body.user.lastName, 'Clark');
    assert.equal(s.body.user.email, 'carol@example.com');
    assert.equal(s.body.user.licence, null);
    assert.equal(s.body.user.teamName, 'Acme');
    const out = await c.get('/dev/sign-out?next=/dashboard');
    assert.equal(out.status, 302);
    assert.equal(out.headers.location, '/dashboard');
    assert.deepEqual((await c.get('/api/v1/session/')).body, { user: null });
  });

  test('next must be a same-site relative path', async () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      assert.equal(safeNext(bad), '/');
    }
    assert.equal(safeNext('/view/abc?x=1'), '/view/abc?x=1');
    const c = new TestClient(t.app);
    const res = await c.get(`/dev/sign-in?user=alice&next=${encodeURIComponent('//evil.example/x')}`);
    assert.equal(res.headers.location, '/');
  });

  test('unknown user: 400', async () => {
    const res = await new TestClient(t.app).get('/dev/sign-in?user=mallory');
    assert.equal(res.status, 400);
    assert.match(res.body.message, /mallory/);
  });

  test('a tampered session cookie is ignored (anonymous)', async () => {
    const c = await clientAs(t.app, 'alice');
    const raw = c.cookies.get('deck_session')!;
    const forged = Buffer.from(JSON.stringify({ u: 2, c: 'x'.repeat(32) })).toString('base64url');
    c.cookies.set('deck_session', forged + raw.slice(raw.indexOf('.')));
    const s = await c.get('/api/v1/session/');
    assert.equal(s.body.user, null);
  });

  test('mutations without or with a wrong X-CSRFToken get 403 and change nothing', async () => {
    const alice = await clientAs(t.app, 'alice');
    const before = await snapshot(t.db);
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: true }],
      ['PUT', `/api/v4/presentation/${QR}/like/`, undefined],
      ['DELETE', `/api/v4/presentation/${QR}/like/`, undefined],
      ['PUT', `/api/v4/presentation/${QR}/view-count/`, undefined],
      ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'zed@example.com', permission: 'viewer' }],
      ['DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'bob@example.com' }],
      ['DELETE', `/api/v1/share/${QR}/organization-permission/`, undefined],
      ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'x', visible_on_analytics: true, viewer_identification: false }],
      ['POST', '/api/v1/folders/group/1/users/', { email: 'zed@example.com', role: 'VIEWER' }],
      ['POST', '/api/v1/featureswitches/', { feature_switches: ['design_analytics_view_links'] }],
    ];
    for (const [method, url, body] of attempts) {
      for (const csrf of [false, 'wrong-token-wrong-token-wrong'] as const) {
        const res = await alice.request(method, url, { body, csrf });
        assert.equal(res.status, 403, `${method} ${url} csrf=${csrf}`);
        assert.equal(res.body.message, 'CSRF token missing or incorrect.');
      }
    }
    // Another session's token does not work either.
    const bob = await clientAs(t.app, 'bob');
    const res = await alice.put(`/api/v4/presentation/${QR}/unified-privacy/`, { published: true }, { csrf: bob.csrfToken! });
    assert.equal(res.status, 403);
    assert.deepEqual(await snapshot(t.db), before);
  });

  test('the beacon intake is exempt from CSRF (sendBeacon cannot set headers)', async () => {
    const anon = new TestClient(t.app);
    const log = await anon.post('/api/v1/log/', [{ level: 'error', message: 'boom', object: 'dialog' }], { csrf: false });
    assert.equal(log.status, 204);
    const event = {
      core: { type: 'event', schema_id: 's1', client_time: '2025-01-01T00:00:00Z', event_source: 'web', event_type: 'click' },
      platform: 'web',
      user: { session_id: 'abc' },
      body: { event_name: 'share_dialog_opened', oid: QR },
    };
    const ev = await anon.post('/api/v1/analytics/events/', JSON.stringify(event), { csrf: false, contentType: 'text/plain;charset=UTF-8' });
    assert.equal(ev.status, 204);
    const ev2 = await anon.post('/api/v1/analytics/events/', event, { csrf: false });
    assert.equal(ev2.status, 204);
    const logs = await t.db.selectFrom('client_logs').selectAll().execute();
    assert.equal(logs.length, 1);
    assert.equal(logs[0].message, 'boom');
    const events = await t.db.selectFrom('analytics_events').selectAll().execute();
    assert.equal(events.length, 2);
    assert.equal(events[0].event_name, 'share_dialog_opened');
  });

  test('config.json lists the remotes, overridable by config; every URL absolute', async () => {
    const res = await new TestClient(t.app).get('/config.json');
    assert.equal(res.status, 200);
    // app.inject's Host is localhost:80.
    assert.deepEqual(res.body, {
      shortName: 'deck',
      apiBase: 'http://localhost/api/v4',
      viewLinkApiBase: '/api/v1/prezilink',
      productSiteUrl: 'http://localhost/',
      remotes: {
        'share-dialog': 'http://localhost/remotes/share-dialog/mf-manifest.json',
        'like-button': 'http://localhost/remotes/like-button/mf-manifest.json',
        'viewer-overlay': 'http://localhost/remotes/viewer-overlay/mf-manifest.json',
        'referral-panel': 'http://localhost/remotes/referral-panel/mf-manifest.json',
      },
      preProduction: false,
      recordLocalAnalytics: false,
      // For our own pages: the demo's sign-in exists (production: false, and the host's sign-in page).
      demo: true,
    });
    const t2 = await createTestApp({
      remotes: { 'like-button': 'https://cdn.example/like/mf-manifest.json' },
      shortName: 'acme',
      publicUrls: publicUrlsFromEnv({ API_BASE: '/deck/api/v4', PRODUCT_SITE_URL: 'https://acme.example/' }),
    });
    try {
      const r2 = await new TestClient(t2.app).get('/config.json');
      assert.equal(r2.body.remotes['like-button'], 'https://cdn.example/like/mf-manifest.json');
      assert.equal(r2.body.shortName, 'acme');
      assert.equal(r2.body.apiBase, 'http://localhost/deck/api/v4');
      assert.equal(r2.body.apiV1Base, undefined, 'unset: the client derives it from apiBase');
      assert.equal(r2.body.viewLinkApiBase, '/api/v1/prezilink', 'a spec path: the client maps it onto apiV1Base');
      assert.equal(r2.body.productSiteUrl, 'https://acme.example/');
    } finally {
      await t2.close();
    }
  });

  test('demo listing: every user, document and folder when signed in; no closed document or folder to anonymous visitors', async () => {
    const res = await (await clientAs(t.app, 'dave')).get('/api/v1/demo/');
    assert.deepEqual(res.body.users.map((u: { username: string }) => u.username), ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace']);
    assert.deepEqual(
      res.body.documents.map((d: { title: string }) => d.title),
      ['Quarterly Review', 'Brand Infographic', 'Product Launch Video', 'Classic Deck', 'Private Strategy', "Frank's Pitch", 'Globex Plan', 'Old Timeline'],
    );
    assert.deepEqual(res.body.folders.map((f: { name: string }) => f.name), ['Marketing', 'Board Only']);
    assert.equal(res.body.users.find((u: { username: string }) => u.username === 'grace').teamName, 'Globex');

    const anonymous = await new TestClient(t.app).get('/api/v1/demo/');
    assert.equal(anonymous.body.users.length, 7, 'the demo offers every sign-in');
    assert.deepEqual(
      anonymous.body.documents.map((d: { title: string }) => d.title),
      ['Quarterly Review', 'Brand Infographic', 'Classic Deck', "Frank's Pitch", 'Globex Plan', 'Old Timeline'],
    );
    assert.deepEqual(anonymous.body.folders, []);
  });
});

describe('static files and pages', () => {
  let dir: string;
  let t: TestApp;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deck-static-'));
    mkdirSync(join(dir, 'shell'), { recursive: true });
    mkdirSync(join(dir, 'remotes', 'share-dialog'), { recursive: true });
    writeFileSync(join(dir, 'shell', 'index.html'), '<!doctype html><title>Deck</title>');
    writeFileSync(join(dir, 'shell', 'main.3f9a2c1b7d.js'), 'console.log(1);'.repeat(500));
    writeFileSync(join(dir, 'remotes', 'share-dialog', 'mf-manifest.json'), '{"name":"share_dialog"}');
    writeFileSync(join(dir, 'remotes', 'share-dialog', 'remoteEntry.js'), 'var x = 1;');
    mkdirSync(join(dir, 'remotes', 'share-dialog', '1.0.0'));
    writeFileSync(join(dir, 'remotes', 'share-dialog', '1.0.0', 'mf-manifest.json'), '{"name":"share_dialog"}');
    mkdirSync(join(dir, 'remotes', '1.0.0'));
    writeFileSync(join(dir, 'remotes', '1.0.0', 'types.tgz'), TYPES_TARBALL);
    writeFileSync(join(dir, 'remotes', 'share-dialog', 'versions.json'), JSON.stringify({ remote: 'share-dialog', versions: ['1.0.0'], channels: { latest: '1.0.0', stable: '1.0.0' } }));
    t = await createTestApp({}, { staticDir: dir });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('HTML pages serve the shell index with no-cache', async () => {
    for (const page of ['/', `/editor/${QR}`, `/view/${QR}`, '/dashboard', '/analytics/abc', '/l/abc']) {
      const res = await t.app.inject({ method: 'GET', url: page });
      // A link nobody made is the same page with 404 (the shell says so).
      assert.equal(res.statusCode, page === '/l/abc' ? 404 : 200, page);
      assert.match(res.body, /<title>Deck<\/title>/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.ok(String(res.headers['set-cookie']).includes('csrftoken='), 'page sets the CSRF cookie');
    }
  });

  test('hashed assets are immutable and compressed; manifests are no-cache with CORS', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a2c1b7d.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.headers['content-encoding'], 'gzip');
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/share-dialog/mf-manifest.json' });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    const entry = await t.app.inject({ method: 'GET', url: '/remotes/share-dialog/remoteEntry.js' });
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const index = await t.app.inject({ method: 'GET', url: '/remotes/share-dialog/versions.json' });
    assert.equal(index.headers['cache-control'], 'no-cache');
  });

  test('a release is cached for good; every answer under /remotes/ is readable cross-origin, a missing release named as such', async () => {
    const pinned = await t.app.inject({ method: 'GET', url: '/remotes/share-dialog/1.0.0/mf-manifest.json' });
    assert.equal(pinned.statusCode, 200);
    assert.equal(pinned.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(pinned.headers['access-control-allow-origin'], '*');
    const types = await t.app.inject({ method: 'GET', url: '/remotes/1.0.0/types.tgz', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(types.statusCode, 200);
    assert.equal(types.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(types.headers['access-control-allow-origin'], '*');
    // The tarball as it is, labelled as what it is: `npm install <url>` reads gzip, not a brotli label on gzip bytes.
    assert.equal(types.headers['content-encoding'], undefined);
    assert.ok(types.rawPayload.equals(TYPES_TARBALL));
    assert.equal(types.headers['content-type'], 'application/gzip');

    const missing = await t.app.inject({ method: 'GET', url: '/remotes/share-dialog/9.9.9/mf-manifest.json', headers: { origin: 'https://host.example' } });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['access-control-allow-origin'], '*');
    assert.match(String(missing.headers['content-type']), /application\/json/);
    assert.deepEqual(
      { code: missing.json().code, message: missing.json().message, message_code: missing.json().message_code, versions: missing.json().versions, channels: missing.json().channels },
      { code: 'RELEASE_NOT_FOUND', message: 'There is no release 9.9.9 of share-dialog.', message_code: 'release_not_found', versions: ['1.0.0'], channels: { latest: '1.0.0', stable: '1.0.0' } },
    );

    // A missing file of a release that exists, and a remote that does not: the plain 404, readable cross-origin too.
    for (const url of ['/remotes/share-dialog/1.0.0/missing.js', '/remotes/no-such-remote/1.0.0/mf-manifest.json', '/remotes/share-dialog/nothing.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://host.example' } });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers['access-control-allow-origin'], '*', url);
      assert.equal(res.json().code, 'NOT_FOUND', url);
    }
  });

  test('without a build, pages answer 503 telling to run npm run build', async () => {
    const t2 = await createTestApp({}, { staticDir: join(dir, 'missing') });
    try {
      const res = await t2.app.inject({ method: 'GET', url: '/dashboard' });
      assert.equal(res.statusCode, 503);
      assert.match(res.body, /npm run build/);
    } finally {
      await t2.close();
    }
  });
});
