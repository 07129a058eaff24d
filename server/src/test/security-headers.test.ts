import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const REMOTE_ORIGIN = 'http://remotes.example:8401';

describe('security headers, forwarded hosts and source maps', () => {
  let dir: string;
  let t: TestApp;
  let production: TestApp;
  before(async () => {
    dir = fakeClientBuild();
    t = await createTestApp({ remotes: { 'like-button': `${REMOTE_ORIGIN}/remotes/like-button/mf-manifest.json` } }, { staticDir: dir });
    production = await createTestApp({ production: true, devSignIn: false, publicOrigin: 'https://deck.example' }, { staticDir: dir });
  });
  after(async () => {
    await t.close();
    await production.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every page: CSP, nosniff, Referrer-Policy and no framing', async () => {
    const anon = await clientAs(t.app, null);
    for (const page of ['/', `/editor/${QR}`, `/view/${QR}`, '/dashboard', '/l/abc', '/analytics/abc']) {
      const res = await anon.get(page);
      // A link nobody made is the shell's page with 404, under the same headers.
      assert.equal(res.status, page === '/l/abc' ? 404 : 200, page);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/, page);
      assert.match(csp, /frame-ancestors 'none'/, page);
      assert.match(csp, /object-src 'none'/, page);
      assert.ok(csp.includes(`script-src 'self' ${REMOTE_ORIGIN}`), `the configured remote origin may serve scripts: ${csp}`);
      assert.ok(!/script-src[^;]*'unsafe-(inline|eval)'/.test(csp), 'no inline or eval scripts');
      assert.equal(res.headers['x-frame-options'], 'DENY', page);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', page);
      assert.equal(res.headers['referrer-policy'], 'same-origin', page);
    }
  });

  test('the embed view may be framed by any site; the same page without embed=1 may not', async () => {
    const anon = await clientAs(t.app, null);
    const embed = await anon.get(`/view/${QR}?embed=1`);
    assert.match(String(embed.headers['content-security-policy']), /frame-ancestors \*/);
    assert.equal(embed.headers['x-frame-options'], undefined);
    const token = (await anon.get(`/api/v4/presentation/${QR}/token/`)).body.token as string;
    const redirect = await anon.get(`/embed/d/${token}`);
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers['x-frame-options'], undefined, 'the embed redirect may load in a frame');
    const notEmbed = await anon.get(`/view/${QR}?embed=0`);
    assert.match(String(notEmbed.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(notEmbed.headers['x-frame-options'], 'DENY');
  });

  test('API answers carry nosniff and refuse framing', async () => {
    const anon = await clientAs(t.app, null);
    const res = await anon.get('/api/v1/session/');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['content-security-policy'], "frame-ancestors 'none'");
  });

  test('X-Forwarded-Host does not rewrite view_link or embed_link unless a trusted proxy sent it', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.request('GET', `/api/v4/presentation/${QR}/unified-privacy/`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    assert.equal(res.status, 200);
    assert.ok(!res.body.view_link.includes('evil.example'), res.body.view_link);
    assert.ok(!res.body.embed_link.includes('evil.example'), res.body.embed_link);
    assert.ok(res.body.view_link.startsWith('http://localhost'), res.body.view_link);
    const link = await alice.put(`/api/v1/prezilink/unlisted/${QR}`, undefined);
    assert.ok(!String(link.body.url).includes('evil.example'));

    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: `/api/v4/presentation/${QR}/unified-privacy/`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-host': 'deck.example', 'x-forwarded-proto': 'https' },
      });
      assert.equal(viaProxy.statusCode, 200);
      assert.equal(viaProxy.json().view_link, `https://deck.example/view/${QR}`);
      const notProxy = await proxied.app.inject({
        method: 'GET',
        url: `/api/v4/presentation/${QR}/unified-privacy/`,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-host': 'evil.example' },
      });
      assert.ok(!notProxy.json().view_link.includes('evil.example'), 'only the configured proxy is believed');
    } finally {
      await proxied.close();
    }
  });

  test('source maps are served in the demo and not in production', async () => {
    const demo = await clientAs(t.app, null);
    assert.equal((await demo.get('/assets/main.js.map')).status, 200);
    const prod = await clientAs(production.app, null);
    assert.equal((await prod.get('/assets/main.js')).status, 200, 'the code itself is served');
    assert.equal((await prod.get('/assets/main.js.map')).status, 404);
    assert.equal((await prod.get('/remotes/like-button/remoteEntry.js.map')).status, 404);
    // Neither in any encoding: asked for by name, or as the compressed variant of the map.
    for (const name of ['main.js.map.br', 'main.js.map.gz']) assert.equal((await prod.get(`/assets/${name}`)).status, 404, name);
    for (const encoding of ['br', 'gzip']) {
      assert.equal((await prod.get('/assets/main.js.map', { headers: { 'accept-encoding': encoding } })).status, 404, encoding);
    }
  });

  test('card payments: the key is in every page, the provider in /config.json and the CSP; the demo pages and fake provider only in the demo', async () => {
    const withProvider = await createTestApp(
      { cardPayments: { scriptUrl: 'https://pay.example/v3/', globalName: 'Pay', publicKey: 'pk_live_"<x>' } },
      { staticDir: dir },
    );
    try {
      const anon = await clientAs(withProvider.app, null);
      const page = await anon.get(`/view/${QR}`);
      assert.match(page.text, /^<!doctype html><html lang="en"><meta name="card-payments-key" content="pk_live_&quot;&lt;x&gt;">/, 'escaped, in the head');
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /script-src 'self' https:\/\/pay\.example(;| )/);
      assert.match(csp, /frame-src 'self' https:\/\/pay\.example(;| )/);
      assert.deepEqual((await anon.get('/config.json')).body.cardPayments, { scriptUrl: 'https://pay.example/v3/', globalName: 'Pay' });
    } finally {
      await withProvider.close();
    }
    const plain = await clientAs(t.app, null);
    assert.ok(!(await plain.get('/')).text.includes('card-payments-key'), 'no provider configured: no key');
    assert.equal((await plain.get('/config.json')).body.cardPayments, undefined);
    assert.equal((await plain.get('/product/features/ai/')).status, 200);
    const fake = await plain.get('/dev/card-payments.js');
    assert.equal(fake.status, 200);
    assert.match(String(fake.headers['content-type']), /javascript/);
    const prod = await clientAs(production.app, null);
    assert.equal((await prod.get('/product/')).status, 404);
    assert.equal((await prod.get('/dev/card-payments.js')).status, 404);
  });
});
