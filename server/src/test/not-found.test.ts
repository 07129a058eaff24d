import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clientAs, closeTestDatabases, createTestApp, TestClient, type TestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { isPageRequest } from '../routes/static';

after(closeTestDatabases);

/** What Chromium sends when the user follows a link or types a URL. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The server's own 404: JSON, never the shell's page. */
function assertJsonNotFound(res: { status: number; headers: Record<string, unknown> }, url?: string) {
  assert.equal(res.status, 404, url);
  assert.match(String(res.headers['content-type']), /^application\/json/, url);
}

describe('unknown paths: the shell\'s not-found page for a browser, JSON for the API, a plain 404 for files', () => {
  let dir: string;
  let t: TestApp;
  let anon: TestClient;
  let shellHtml: string;
  before(async () => {
    dir = fakeClientBuild();
    shellHtml = readFileSync(join(dir, 'shell', 'index.html'), 'utf8');
    t = await createTestApp({}, { staticDir: dir });
    anon = await clientAs(t.app, null);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const navigate = (method: 'GET' | 'HEAD' | 'POST', url: string) => anon.request(method, url, { headers: { accept: NAVIGATION }, csrf: false });

  test('a page path nobody serves answers 404 with the shell\'s HTML, under the page CSP', async () => {
    for (const url of ['/no-such-page', '/dashbord', '/view/abc/extra', '/editor', '/settings/profile?tab=1']) {
      const res = await navigate('GET', url);
      assert.equal(res.status, 404, url);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      // The shell's page, with the root element's language the server adds (server/src/first-view/first-view-page.ts).
      assert.equal(res.text.replace(/<html lang="[a-z]+">/, ''), shellHtml, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
      assert.match(String(res.headers['content-security-policy']), /default-src 'self'/, url);
    }
    const head = await navigate('HEAD', '/no-such-page');
    assert.equal(head.status, 404);
    assert.match(String(head.headers['content-type']), /^text\/html/);
  });

  test('the API keeps its JSON 404, whatever the caller accepts', async () => {
    for (const url of ['/api/v4/no-such-route/', '/api/v1/nothing', '/api']) {
      const res = await navigate('GET', url);
      assertJsonNotFound(res, url);
      assert.equal(res.body.code, 'NOT_FOUND', url);
    }
  });

  test('a missing script, source or file is a plain 404, never the page', async () => {
    for (const url of ['/assets/missing.js', '/assets/main.123abc.js', '/remotes/like-button/missing.js', '/remotes/no-such-remote/remoteEntry.js', '/favicon.ico', '/robots.txt', '/old-page.html']) {
      const res = await navigate('GET', url);
      assert.equal(res.status, 404, url);
      assert.doesNotMatch(String(res.headers['content-type']), /text\/html/, url);
      assert.ok(!res.text.includes('<div id=app>'), url);
    }
  });

  test('a caller that does not ask for HTML, or does not GET, gets JSON', async () => {
    const json = await anon.get('/no-such-page', { headers: { accept: 'application/json' } });
    assert.equal(json.status, 404);
    assert.equal(json.body.code, 'NOT_FOUND');
    assertJsonNotFound(await anon.get('/no-such-page', { headers: { accept: '*/*' } }));
    assertJsonNotFound(await navigate('POST', '/no-such-page'));
  });

  test('known pages still answer 200; an unknown document\'s page is the shell with 404 (the shell says it does not exist)', async () => {
    for (const [url, status] of [['/', 200], ['/view/nosuchdoc1', 404], ['/editor/nosuchdoc1', 404]] as const) {
      const res = await navigate('GET', url);
      assert.equal(res.status, status, url);
      // The shell's page, with the root element's language the server adds (server/src/first-view/first-view-page.ts).
      assert.equal(res.text.replace(/<html lang="[a-z]+">/, ''), shellHtml, url);
    }
    const api = await anon.get('/api/v4/presentation/nosuchdoc1/');
    assert.equal(api.status, 404);
    assert.equal(api.body.code, 'NOT_FOUND');
  });
});

test('without a built client an unknown page is the JSON 404 (not the "not built" notice)', async () => {
  const t = await createTestApp();
  try {
    const anon = await clientAs(t.app, null);
    const res = await anon.get('/no-such-page', { headers: { accept: NAVIGATION } });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'NOT_FOUND');
  } finally {
    await t.close();
  }
});

test('production: an unknown page gets the not-found page, the demo\'s product pages do not exist at all', async () => {
  const dir = fakeClientBuild();
  const t = await createTestApp({ production: true, devSignIn: false, publicOrigin: 'https://deck.example' }, { staticDir: dir });
  try {
    const anon = new TestClient(t.app);
    const page = await anon.get('/no-such-page', { headers: { accept: NAVIGATION } });
    assert.equal(page.status, 404);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    for (const url of ['/product/', '/product', '/product/features/ai/']) {
      const res = await anon.get(url, { headers: { accept: NAVIGATION } });
      assert.equal(res.status, 404, url);
      assert.equal(res.body.code, 'NOT_FOUND', url);
    }
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('isPageRequest: navigations to page-like paths only', () => {
  const req = (method: string, url: string, accept = NAVIGATION) => ({ method, url, headers: { accept } });
  assert.equal(isPageRequest(req('GET', '/x')), true);
  assert.equal(isPageRequest(req('HEAD', '/a/b/c?d=1.js')), true);
  assert.equal(isPageRequest(req('GET', '/x', 'application/json')), false);
  assert.equal(isPageRequest(req('DELETE', '/x')), false);
  for (const url of ['/api/x', '/api', '/assets/x', '/remotes/x/y', '/x/y.js', '/a.map']) assert.equal(isPageRequest(req('GET', url)), false, url);
  // Only the prefixes themselves: a page whose name merely starts like them is a page.
  assert.equal(isPageRequest(req('GET', '/apis')), true);
});
