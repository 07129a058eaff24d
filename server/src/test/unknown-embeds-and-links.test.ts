import { after, beforeEach, afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { MESSAGES } from '../permissions/messages';
import { EMBED_REFUSED } from '../routes/embed';

after(closeTestDatabases);

/** What Chromium sends when it navigates (a followed link, a typed URL, an iframe's src). */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/**
 * An embed or a view link of a document that does not exist (never made, or deleted), and a link id nobody made:
 * the page request gets the shell (which says so in the visitor's language) with the status the API gives, and the
 * answers never tell a stranger more than the API already does (docs/decisions.md).
 */
describe('embeds and view links of a document that does not exist', () => {
  let dir: string;
  let shellHtml: string;
  let t: TestApp;
  let alice: TestClient;
  let anon: TestClient;
  beforeEach(async () => {
    dir = fakeClientBuild();
    shellHtml = readFileSync(join(dir, 'shell', 'index.html'), 'utf8');
    t = await createTestApp({}, { staticDir: dir });
    alice = await clientAs(t.app, 'alice');
    anon = await clientAs(t.app, null);
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const navigate = (client: TestClient, url: string, method: 'GET' | 'HEAD' = 'GET') => client.request(method, url, { headers: { accept: NAVIGATION }, csrf: false });

  /** The shell's own page with the given status, as every page is sent (never cached by a shared cache). */
  async function assertShellPage(client: TestClient, url: string, status: number) {
    const res = await navigate(client, url);
    assert.equal(res.status, status, url);
    assert.match(String(res.headers['content-type']), /^text\/html/, url);
    // The shell's page, with the root element's language the server adds (server/src/first-view/first-view-page.ts).
    assert.equal(res.text.replace(/<html lang="[a-z]+">/, ''), shellHtml, url);
    assert.equal(res.headers['cache-control'], 'no-cache', url);
    const head = await navigate(client, url, 'HEAD');
    assert.equal(head.status, status, `HEAD ${url}`);
  }

  async function linksOf(oid: string): Promise<Array<{ link_id: string; name: string; revoked: boolean }>> {
    const res = await alice.get(`/api/v1/prezilink/?presentation_oid=${oid}&list_all_prezilinks=true`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  }

  async function trash(oid: string) {
    assert.equal((await alice.delete(`/api/v4/presentation/${oid}/`)).status, 204);
  }

  test('the player and the pages of a document: 200 while it exists (closed ones included), 404 when it never did', async () => {
    for (const url of [`/view/${D.quarterlyReview}`, `/view/${D.quarterlyReview}?embed=1`, `/editor/${D.quarterlyReview}`]) {
      await assertShellPage(anon, url, 200);
    }
    // A closed document answers 200 to a stranger, whose page then asks them to sign in: the API's 401 says as much.
    await assertShellPage(anon, `/view/${D.privateStrategy}?embed=1`, 200);
    for (const url of ['/view/nosuchdoc1', '/view/nosuchdoc1?embed=1', '/editor/nosuchdoc1', '/view/no%20such%3Cdoc', `/view/${'x'.repeat(65)}?embed=1`]) {
      await assertShellPage(anon, url, 404);
    }
  });

  test('a deleted document is a 404 like one that never existed, on its pages and in the API, open or closed', async () => {
    const never = await anon.get('/api/v4/presentation/nosuchdoc1/');
    assert.equal(never.status, 404);
    for (const oid of [D.quarterlyReview, D.privateStrategy]) await trash(oid);
    for (const oid of [D.quarterlyReview, D.privateStrategy]) {
      for (const client of [anon, alice]) {
        for (const url of [`/view/${oid}`, `/view/${oid}?embed=1`, `/editor/${oid}`]) await assertShellPage(client, url, 404);
      }
      // The answer a stranger's player reads: the same status, code and words as for an oid nobody made.
      const read = await anon.get(`/api/v4/presentation/${oid}/`);
      assert.equal(read.status, 404, oid);
      assert.deepEqual(read.body, never.body, oid);
      assert.ok(!read.text.includes('Private Strategy') && !read.text.includes('Quarterly Review'), 'nothing of the document');
    }
    // Restored from the trash, its pages are found again: the status follows the document, nothing is remembered.
    assert.equal((await alice.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`)).status, 200);
    await assertShellPage(anon, `/view/${D.quarterlyReview}?embed=1`, 200);
  });

  test("a design's embed with an unknown token, or of a deleted design: the shell's page with 404 for the frame, plain text for anyone else", async () => {
    const token = (await alice.get(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`)).body.view_token as string;
    assert.ok(token);
    const live = await navigate(anon, `/embed/d/${token}`);
    assert.equal(live.status, 302, 'a live embed still leads to its player');
    assert.equal(live.headers.location, `/view/${D.brandInfographic}?embed=1`);

    await assertShellPage(anon, '/embed/d/unknowntoken123', 404);
    await trash(D.brandInfographic);
    await assertShellPage(anon, `/embed/d/${token}`, 404);
    for (const url of ['/embed/d/unknowntoken123', `/embed/d/${token}`]) {
      const plain = await anon.get(url, { headers: { accept: '*/*' } });
      assert.equal(plain.status, 404, url);
      assert.match(String(plain.headers['content-type']), /^text\/plain/, url);
      assert.equal(plain.text, 'This design does not exist or is no longer embedded.\n', url);
    }
    // A malformed token stays the schema's 400 for every caller, never a page.
    const malformed = await navigate(anon, '/embed/d/bad%20token%3C');
    assert.equal(malformed.status, 400);
    assert.doesNotMatch(String(malformed.headers['content-type']), /text\/html/);
  });

  test('a refused embed keeps its 403 "Not allowed to embed", for the frame too', async () => {
    const token = (await alice.get(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`)).body.view_token as string;
    assert.equal((await alice.put(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`, { unified_privacy: 'closed' })).status, 200);
    const refused = await navigate(anon, `/embed/d/${token}`);
    assert.equal(refused.status, 403);
    assert.equal(refused.text, `${EMBED_REFUSED}\n`);
  });

  test('view links: 200 live, 410 deactivated, 404 for an unknown or malformed id and for a link whose document was deleted', async () => {
    const [board, newsletter] = await linksOf(D.quarterlyReview);
    assert.ok(board && newsletter);
    await assertShellPage(anon, `/l/${board.link_id}`, 200);
    assert.equal((await alice.put(`/api/v1/prezilink/${newsletter.link_id}/`, { revoked: true })).status, 200);
    await assertShellPage(anon, `/l/${newsletter.link_id}`, 410);
    for (const url of ['/l/Ab3dEf6hIj9kLm2nOp5qRs8t', '/l/no%20such%3Clink', `/l/${'y'.repeat(65)}`]) await assertShellPage(anon, url, 404);

    const unknown = await anon.get('/api/v1/prezilink/Ab3dEf6hIj9kLm2nOp5qRs8t/open/');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, MESSAGES.linkNotFound);

    await trash(D.quarterlyReview);
    await assertShellPage(anon, `/l/${board.link_id}`, 404);
    // The holder of a link to a deleted document gets exactly what an id nobody made gets: nothing tells the two apart.
    const opened = await anon.get(`/api/v1/prezilink/${board.link_id}/open/`);
    assert.equal(opened.status, 404);
    assert.deepEqual(opened.body, unknown.body);
    assert.ok(!opened.text.includes('Quarterly Review'));
  });

  test('the page status is looked up, not stored: a link deactivated after it was served answers 410 on the next request', async () => {
    const [board] = await linksOf(D.quarterlyReview);
    await assertShellPage(anon, `/l/${board.link_id}`, 200);
    assert.equal((await alice.put(`/api/v1/prezilink/${board.link_id}/`, { revoked: true })).status, 200);
    await assertShellPage(anon, `/l/${board.link_id}`, 410);
  });
});
