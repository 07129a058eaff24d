import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { clientAs, closeTestDatabases, createTestApp } from '../testing/harness';
import { QueryCounter } from '../db/query-observer';
import { readCacheOf } from '../db/read-cache';
import { COUNTERS_MAX_AGE_MS } from '../services/documents';
import { KEPT_PAGE_MAX_AGE_MS } from '../first-view/first-view-memory';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS } from '../db/seed';
import { captureLogs } from '../testing/log-capture';

const staticDir = fakeClientBuild();
const logs = captureLogs();
const counter = new QueryCounter();
after(closeTestDatabases);

/** Requests `call` made to the app, its own included: the page writer asks the API through app.inject. */
async function requestsOf(app: { inject: (...args: never[]) => unknown }, call: () => Promise<unknown>): Promise<number> {
  const inject = app.inject;
  let count = 0;
  app.inject = (...args: never[]) => {
    count += 1;
    return inject.apply(app, args);
  };
  try {
    await call();
  } finally {
    app.inject = inject;
  }
  return count;
}

/** Renders of the fake renderer so far (it counts them on the global object). */
const renders = () => (globalThis as { firstViewRenders?: number }).firstViewRenders ?? 0;

/** A first-view renderer that fails for the Quarterly Review and writes a first view of every other document. */
function fakeRenderer() {
  mkdirSync(join(staticDir, 'first-view'), { recursive: true });
  writeFileSync(
    join(staticDir, 'first-view', 'render.js'),
    [
      "exports.firstViewPage = () => 'page-view';",
      `exports.renderFirstView = async ({ pathname, search, locale, read, formToken }) => { if (pathname.includes('${DEMO_DOCUMENT_OIDS.quarterlyReview}')) throw new TypeError('Invalid URL');`,
      // Like the real renderer: it reads the document as the visitor, and writes what it read and the language.
      // A page written from an answer that no tag names (who is signed in, for a visitor who is not).
      "  if (search.includes('session-only')) { const session = await read({ url: '/api/v1/session/' }); globalThis.firstViewRenders = (globalThis.firstViewRenders ?? 0) + 1; return { title: 'Session', head: '', app: `<p>${JSON.stringify(session.data)}</p>`, data: { resources: {}, slots: [] }, fonts: [] }; }",
      "  const oid = pathname.split('/')[2]; const answer = await read({ url: `/api/v4/presentation/${oid}/`, params: { include_user_permissions: true } });",
      '  if (answer.status !== 200) return null;',
      '  globalThis.firstViewRenders = (globalThis.firstViewRenders ?? 0) + 1;',
      "  const shown = `<p id=shown>${answer.data.title}|${answer.data.likes_count}|${locale}</p>${search.includes('token') ? `<i>${formToken}</i>` : ''}`;",
      "  return { title: 'Written', head: '<style>h1{}</style>', app: `<h1>Written</h1>${shown}`, data: { resources: { document: answer.data }, slots: ['viewer-overlay'] }, fonts: ['/assets/f/latin-ext.1.woff2'] }; };",
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
  const asked = (call: () => Promise<unknown>) => requestsOf(testApp.app, call);
  before(async () => {
    fakeRenderer();
    testApp = await createTestApp({}, { staticDir, logger: logs.logger, observer: counter });
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
  // A deck that goes viral (docs/decisions.md, "The view page's first view, written by the server"): a signed-out
  // visitor's first view is rendered once, then served from memory while what it was written from stays the same.
  test("a signed-out visitor's warm view renders nothing and reads no statement; a change of what it shows is seen at the next view", async (ctx) => {
    // The like count may be as old as the counters the read cache serves (COUNTERS_MAX_AGE_MS): a clock of the test's.
    ctx.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const FP = DEMO_DOCUMENT_OIDS.franksPitch;
    const visitor = await clientAs(testApp.app, null);
    const frank = await clientAs(testApp.app, 'frank');
    const dave = await clientAs(testApp.app, 'dave');
    const shown = async (client = visitor, query = '') => {
      const res = await client.get(`/view/${FP}${query}`);
      assert.equal(res.status, 200);
      return /<p id=shown>([^<]*)<\/p>/.exec(res.text)?.[1] ?? null;
    };
    const before = await shown();
    assert.match(before ?? '', /^Frank's Pitch\|\d+\|en$/);
    const rendered = renders();
    counter.reset();
    assert.equal(await shown(), before);
    assert.equal(renders(), rendered, 'a warm view renders nothing');
    assert.equal(counter.count, 0, 'a warm view reads no statement');
    assert.equal(await asked(() => shown()), 1, 'a warm view is sent as kept: its answers are not asked for again');

    // The owner renames it: the next view shows the new title.
    assert.equal((await frank.put(`/api/v4/presentation/${FP}/`, { title: 'Renamed while viral' })).status, 200);
    assert.match((await shown()) ?? '', /^Renamed while viral\|/);
    // A like and its taking back: the view shows the count once the counters' allowed age has passed, no later.
    const likes = Number((await shown())!.split('|')[1]);
    assert.equal((await dave.put(`/api/v4/presentation/${FP}/like/`)).status, 200);
    ctx.mock.timers.tick(COUNTERS_MAX_AGE_MS + 1);
    assert.equal((await shown())!.split('|')[1], String(likes + 1));
    assert.equal((await dave.delete(`/api/v4/presentation/${FP}/like/`)).status, 200);
    ctx.mock.timers.tick(COUNTERS_MAX_AGE_MS + 1);
    assert.equal((await shown())!.split('|')[1], String(likes));

    // One language's page is never served for another's.
    visitor.cookies.set('language', 'de');
    assert.match((await shown()) ?? '', /\|de$/);
    visitor.cookies.set('language', 'ja');
    assert.match((await shown()) ?? '', /\|ja$/);
    visitor.cookies.delete('language');

    // A signed-in visitor's view is rendered for each request.
    const signedIn = renders();
    await shown(dave);
    await shown(dave);
    assert.equal(renders(), signedIn + 2);

    // Fail closed: while the listening connection cannot be trusted nothing is served from memory.
    const cache = readCacheOf(testApp.db)!;
    const trusted = cache.trusted.bind(cache);
    cache.trusted = () => false;
    try {
      const untrusted = renders();
      await shown();
      assert.equal(renders(), untrusted + 1, 'rendered afresh while memory is not trusted');
    } finally {
      cache.trusted = trusted;
    }

    // The owner closes it: the page has no first view at once.
    await testApp.db.updateTable('documents').set({ privacy: 'closed' }).where('oid', '=', FP).execute();
    await cache.barrier();
    assert.equal(await shown(), null);
  });

  test("per-visitor values stay per visitor: two signed-out visitors of a kept view each get their own token and cookies", async () => {
    const FP = DEMO_DOCUMENT_OIDS.classicDeck;
    const one = await clientAs(testApp.app, null);
    const two = await clientAs(testApp.app, null);
    assert.ok(one.csrfToken && two.csrfToken && one.csrfToken !== two.csrfToken);
    // A view that shows the visitor's token (as a link page's forms do) is never kept for another.
    const first = await one.get(`/view/${FP}?token=1`);
    const second = await two.get(`/view/${FP}?token=1`);
    assert.ok(first.text.includes(`<i>${one.csrfToken}</i>`));
    assert.ok(second.text.includes(`<i>${two.csrfToken}</i>`), 'the second visitor sees their own token');
    assert.ok(!second.text.includes(one.csrfToken), "never the first visitor's");
    // A kept view: the second visitor's page is served from memory, and carries nothing of the first visitor's.
    await one.get(`/view/${FP}`);
    const rendered = renders();
    const kept = await two.get(`/view/${FP}`);
    assert.equal(renders(), rendered, 'served from memory');
    assert.ok(!kept.text.includes(one.csrfToken));
    assert.equal(kept.headers['cache-control'], 'private, no-cache');
  });

  test('a kept page is sent as it is, in the encoding each visitor accepts, for its answers\' age at most; answers read from the database are not kept', async (ctx) => {
    ctx.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const CD = DEMO_DOCUMENT_OIDS.classicDeck;
    const visitor = await clientAs(testApp.app, null);
    const view = (headers: Record<string, string> = {}) => visitor.get(`/view/${CD}`, { headers });
    // Nothing in memory: the answers come from the database, and a page written from them is not kept.
    readCacheOf(testApp.db)!.flush();
    await view();
    assert.equal(await asked(() => view()), 2, 'asked again: its answers were read from the database');
    const plain = await view();
    assert.equal(await asked(() => view()), 1, 'kept once its answers all came from memory');

    // Encoded once per encoding, the same page for each.
    const br = await view({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(brotliDecompressSync(br.raw).toString('utf8'), plain.text);
    const gzip = await view({ 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.raw).toString('utf8'), plain.text);
    const identity = await view({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.equal(identity.text, plain.text);
    assert.equal(identity.headers['cache-control'], 'private, no-cache');

    // Past the longest a kept page is sent, its answers are asked for again; the same answers write it without a render.
    const rendered = renders();
    ctx.mock.timers.tick(KEPT_PAGE_MAX_AGE_MS + 1);
    assert.equal(await asked(() => view()), 2, 'its answers asked for again');
    assert.equal(renders(), rendered, 'the same answers: no render');
    // The document's answer (its counters) had reached its age too and came from the database: the page is kept again
    // from the next view, whose answers all come from memory.
    await view();
    assert.equal(await asked(() => view()), 1, 'kept again');

    // Visitors who ask together as the page ends (a viral deck's, every second) wait for one writing of it. That one
    // read the like count from the database and is not kept; they wait once more, for a page written from memory.
    const together = await Promise.all(Array.from({ length: 12 }, () => clientAs(testApp.app, null)));
    ctx.mock.timers.tick(KEPT_PAGE_MAX_AGE_MS + 1);
    let pages: string[] = [];
    const asks = await asked(async () => {
      pages = (await Promise.all(together.map((one) => one.get(`/view/${CD}`)))).map((res) => res.text);
    });
    assert.equal(asks, together.length + 2, 'two writings for them all (each writing asks for its one answer)');
    assert.deepEqual(new Set(pages), new Set([plain.text]));
    assert.equal(await asked(() => view()), 1, 'kept after them');

    // Answers that no tag names are sent as kept for KEPT_PAGE_MAX_AGE_MS, no longer.
    const sessionOnly = () => visitor.get(`/view/${CD}?session-only`);
    await sessionOnly();
    assert.equal(await asked(sessionOnly), 1, 'kept');
    ctx.mock.timers.tick(KEPT_PAGE_MAX_AGE_MS + 1);
    assert.equal(await asked(sessionOnly), 2, 'asked for again once KEPT_PAGE_MAX_AGE_MS has passed');
  });
});
