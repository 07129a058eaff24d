import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { MESSAGES } from '../permissions/messages';
import { issueVisitId } from '../services/visit-ids';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

/** Alice's open, published infographic: it has a view URL and no trackable links, so she may close it. */
const DOC = D.brandInfographic;
const TITLE = 'Brand Infographic';

describe('closing a document cuts its unlisted link on every path', () => {
  let t: TestApp;
  let alice: TestClient;
  let linkId: string;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    alice = await clientAs(t.app, 'alice');
    const created = await alice.put(`/api/v1/prezilink/unlisted/${DOC}`);
    assert.equal(created.status, 200);
    linkId = created.body.link_id;
  });
  after(() => t.close());

  const close = async () => {
    const res = await alice.put(`/api/v4/presentation/${DOC}/unified-privacy/`, { unified_privacy: 'closed' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.unified_privacy, 'closed');
  };
  const withKey = (path: string) => `${path}?auth_key=${linkId}&key_type=prezilink`;

  /** Every way the holder of the old link (signed out, or signed in without access) could use it. */
  async function assertEveryPathRefused(holder: TestClient): Promise<void> {
    const read = await holder.get(withKey(`/api/v4/presentation/${DOC}/`));
    assert.ok(read.status === 401 || read.status === 403, `document read → ${read.status}`);
    assert.ok(!read.text.includes(TITLE), 'the refusal carries nothing of the document');

    const opened = await holder.get(`/api/v1/prezilink/${linkId}/open/`);
    assert.equal(opened.status, 410, `open → ${opened.status}`);
    assert.equal(opened.body.message, MESSAGES.linkRevoked);
    assert.ok(!opened.text.includes(TITLE));

    // A visit id the server issued while the document was open (as GET …/open/ did) no longer records anything.
    const visit = await holder.post(`/api/v1/prezilink/${linkId}/visits/`, { open_id: issueVisitId('test-secret-test-secret', linkId, new Date()) });
    assert.equal(visit.status, 410, `visit → ${visit.status}`);

    const likeViaLink = await holder.put(withKey('/api/v4/presentation/like/'));
    assert.ok([401, 404].includes(likeViaLink.status), `like through the link → ${likeViaLink.status}`);
    const unlikeViaLink = await holder.delete(withKey('/api/v4/presentation/like/'));
    assert.ok([401, 404].includes(unlikeViaLink.status), `unlike through the link → ${unlikeViaLink.status}`);

    const views = await holder.put(withKey(`/api/v4/presentation/${DOC}/view-count/`));
    assert.ok(views.status === 401 || views.status === 403, `view count → ${views.status}`);

    const analytics = await holder.get(`/api/v1/prezilink/${linkId}/analytics/`);
    assert.ok([403, 404].includes(analytics.status), `analytics → ${analytics.status}`);

    // A closed document is not embeddable (403 'Not allowed to embed', nothing of the document), and the
    // view page an embed would lead to reads the document like any viewer: closed to the holder.
    const token = (await alice.get(`/api/v4/presentation/${DOC}/token/`)).body.token as string;
    const embed = await holder.get(`/embed/d/${token}`);
    assert.equal(embed.status, 403, `embed → ${embed.status}`);
    assert.ok(!embed.text.includes(TITLE) && !embed.text.includes(linkId));
    const embedRead = await holder.get(`/api/v4/presentation/${DOC}/`);
    assert.ok(embedRead.status === 401 || embedRead.status === 403, `embed view's read → ${embedRead.status}`);
  }

  test('before closing, the link works (the baseline the refusals are measured against)', async () => {
    const anon = await clientAs(t.app, null);
    assert.equal((await anon.get(withKey(`/api/v4/presentation/${DOC}/`))).status, 200);
    assert.equal((await anon.get(`/api/v1/prezilink/${linkId}/open/`)).status, 200);
    // The link reaches the document: a design cannot be liked (spec §1), so the answer is that refusal,
    // not the 404 of a link that no longer leads anywhere.
    const frank = await clientAs(t.app, 'frank');
    const like = await frank.put(withKey('/api/v4/presentation/like/'));
    assert.equal(like.status, 400);
    assert.equal(like.body.message_code, 'not_likeable');
  });

  test('after closing, signed out and signed-in strangers are refused on every path and nothing is written', async () => {
    await close();
    const anon = await clientAs(t.app, null);
    const frank = await clientAs(t.app, 'frank');
    const before = await snapshot(t.db);
    await assertEveryPathRefused(anon);
    await assertEveryPathRefused(frank);
    assert.deepEqual(await snapshot(t.db), before, 'no like, view, visit or anything else was recorded');
  });

  test('closing revokes the link for good: reopening does not bring it back', async () => {
    await close();
    const reopened = await alice.put(`/api/v4/presentation/${DOC}/unified-privacy/`, { unified_privacy: 'open' });
    assert.equal(reopened.status, 200, reopened.text);
    assert.equal((await alice.get(`/api/v1/prezilink/unlisted/${DOC}`)).status, 404, 'no live unlisted link any more');
    const anon = await clientAs(t.app, null);
    assert.equal((await anon.get(`/api/v1/prezilink/${linkId}/open/`)).status, 410);
    assert.equal((await anon.get(withKey(`/api/v4/presentation/${DOC}/`))).status, 200, 'the document is open again: readable without any key');
    const fresh = await alice.put(`/api/v1/prezilink/unlisted/${DOC}`);
    assert.notEqual(fresh.body.link_id, linkId, 'a new unlisted link is a new id');
  });

  test('every use re-checks the privacy: a link left unrevoked on a closed document still opens nothing', async () => {
    await close();
    // A link that escaped revocation (data from before the rule): the check on use still holds.
    await t.db.updateTable('view_links').set({ revoked: false }).where('link_id', '=', linkId).execute();
    const anon = await clientAs(t.app, null);
    const before = await snapshot(t.db);
    await assertEveryPathRefused(anon);
    assert.deepEqual(await snapshot(t.db), before);
  });

  test('collaborators keep their own access to the closed document', async () => {
    await close();
    const doc = await alice.get(`/api/v4/presentation/${DOC}/`);
    assert.equal(doc.status, 200);
    assert.equal(doc.body.title, TITLE);
  });
});
