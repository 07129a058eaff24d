import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS } from '../db/seed';
import { captureLogs } from '../testing/log-capture';

const staticDir = fakeClientBuild();
const logs = captureLogs();

/** A first-view renderer that fails for the Quarterly Review and writes a first view of every other document. */
function fakeRenderer() {
  mkdirSync(join(staticDir, 'first-view'), { recursive: true });
  writeFileSync(
    join(staticDir, 'first-view', 'render.js'),
    [
      "exports.firstViewPage = () => 'page-view';",
      `exports.renderFirstView = async ({ pathname }) => { if (pathname.includes('${DEMO_DOCUMENT_OIDS.quarterlyReview}')) throw new TypeError('Invalid URL');`,
      "  return { title: 'Written', head: '<style>h1{}</style>', app: '<h1>Written</h1>', data: { resources: {}, slots: ['viewer-overlay'] }, fonts: ['/assets/f/latin-ext.1.woff2'] }; };",
      '',
    ].join('\n'),
  );
  // The shell's page as the build writes it: the fonts of its text preloaded, its one script deferred.
  writeFileSync(
    join(staticDir, 'shell', 'index.html'),
    '<!doctype html><html><head><title>Deck</title><link rel="preload" href="/assets/f/latin.1.woff2" as="font" type="font/woff2" crossorigin=""></head>' +
      '<body><div id="app"></div><script defer="defer" src="/assets/main.js"></script></body></html>',
  );
  // The build's page assets and a remote's manifest, which name the take-over's files.
  writeFileSync(join(staticDir, 'first-view', 'shell-assets.json'), JSON.stringify({ entry: ['main.js'], start: ['bootstrap.1.js'], pages: { 'page-view': ['page-view.2.js'] }, catalogues: {} }));
  mkdirSync(join(staticDir, 'remotes', 'viewer-overlay'), { recursive: true });
  writeFileSync(
    join(staticDir, 'remotes', 'viewer-overlay', 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './mount', assets: { js: { sync: ['mount.3.js'] } } }] }),
  );
}

describe('a view page as the server writes it, with a first-view renderer', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  before(async () => {
    fakeRenderer();
    testApp = await createTestApp({}, { staticDir, logger: logs.logger });
  });
  after(async () => {
    await testApp.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('a written view page paints before any script: its HTML preloads fonts only, names the take-over’s files as data, and runs its one script deferred', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: `/view/${DEMO_DOCUMENT_OIDS.classicDeck}` });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h1>Written<\/h1>/);
    const preloads = res.body.match(/<link\b[^>]*\brel="?preload"?[^>]*>/g) ?? [];
    assert.deepEqual(
      preloads,
      ['<link rel="preload" href="/assets/f/latin.1.woff2" as="font" type="font/woff2" crossorigin="">', '<link rel="preload" href="/assets/f/latin-ext.1.woff2" as="font" type="font/woff2" crossorigin>'],
      'no script or manifest is fetched before the first paint',
    );
    for (const script of res.body.match(/<script\b[^>]*>/g) ?? []) assert.match(script, /\bdefer\b|type="application\/json"/, `${script} would run before the first paint`);
    const block = /<script type="application\/json" id="deck-take-over-files">([^<]*)<\/script>/.exec(res.body);
    assert.ok(block, 'the take-over’s files are named as data');
    assert.deepEqual(
      (JSON.parse(block[1]) as Array<{ href: string }>).map(({ href }) => href.replace(/^https?:\/\/[^/]+/, '')),
      ['/assets/bootstrap.1.js', '/assets/page-view.2.js', '/remotes/viewer-overlay/mf-manifest.json', '/remotes/viewer-overlay/remoteEntry.js', '/remotes/viewer-overlay/mount.3.js'],
    );
  });

  test('a view page whose first view cannot be written is the plain page, not an error, and the failure is logged', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: `/view/${DEMO_DOCUMENT_OIDS.quarterlyReview}` });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<div id="?app"?><\/div>/);
    assert.ok(logs.lines().some((line) => line.msg === 'first view not written'), 'the failure is logged');
  });
});
