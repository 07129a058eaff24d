import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** The dashboard's routes — the list, the counts and the trash. */
describe('dashboard API', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  async function unchanged(run: () => Promise<void>) {
    const before = await snapshot(t.db);
    await run();
    assert.deepEqual(await snapshot(t.db), before);
  }

  test('list: limit/offset page with the total; the default ordering is newest first', async () => {
    const alice = await clientAs(t.app, 'alice');
    const first = await alice.get('/api/v4/presentation/list/?mine=true&ordering=title&limit=2');
    assert.equal(first.status, 200);
    assert.equal(first.body.count, 6);
    assert.equal(first.body.limit, 2);
    assert.deepEqual(first.body.results.map((d: { title: string }) => d.title), ['Brand Infographic', 'Classic Deck']);
    const third = await alice.get('/api/v4/presentation/list/?mine=true&ordering=title&limit=2&offset=4');
    assert.deepEqual(third.body.results.map((d: { title: string }) => d.title), ['Product Launch Video', 'Quarterly Review']);
    assert.equal(third.body.count, 6);
    const past = await alice.get('/api/v4/presentation/list/?mine=true&limit=2&offset=50');
    assert.deepEqual([past.body.count, past.body.results.length], [6, 0]);
    const byDefault = await alice.get('/api/v4/presentation/?mine=true');
    const modified = byDefault.body.results.map((d: { modified_at: string }) => d.modified_at);
    assert.deepEqual(modified, [...modified].sort().reverse());
  });

  test('list: mine / shared with me, title search and a tag in any case', async () => {
    const bob = await clientAs(t.app, 'bob');
    const shared = await bob.get('/api/v4/presentation/list/?shared=true');
    assert.ok(shared.body.results.some((d: { oid: string }) => d.oid === D.quarterlyReview));
    assert.ok(shared.body.results.every((d: { owner: { username: string } }) => d.owner.username !== 'bob'));
    const mine = await bob.get('/api/v4/presentation/list/?mine=true');
    assert.ok(mine.body.results.every((d: { owner: { username: string } }) => d.owner.username === 'bob'));
    const alice = await clientAs(t.app, 'alice');
    const search = await alice.get('/api/v4/presentation/list/?title__icontains=deck');
    assert.deepEqual(search.body.results.map((d: { oid: string }) => d.oid), [D.classicDeck]);
    const tag = await alice.get('/api/v4/presentation/list/?tag=QUARTERLY');
    assert.deepEqual(tag.body.results.map((d: { oid: string }) => d.oid), [D.quarterlyReview]);
    assert.equal(tag.body.count, 1);
  });

  test('list: fields returns only the asked fields; an unknown field is a 400', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get('/api/v4/presentation/list/?mine=true&fields=oid,title&limit=3');
    assert.equal(res.status, 200);
    for (const doc of res.body.results) assert.deepEqual(Object.keys(doc).sort(), ['oid', 'title']);
    const bad = await alice.get('/api/v4/presentation/list/?fields=oid,password');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /password/);
  });

  test('list: ordering accepts the documented fields and refuses others with 400 naming them', async () => {
    const alice = await clientAs(t.app, 'alice');
    for (const ordering of ['title', '-title', 'modified_at', '-modified_at', 'created_at', '-created_at', 'view_count', '-view_count']) {
      assert.equal((await alice.get(`/api/v4/presentation/list/?ordering=${ordering}`)).status, 200, ordering);
    }
    const bad = await alice.get('/api/v4/presentation/list/?ordering=owner_id');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /Unknown ordering "owner_id"\. Use one of: title, -title/);
    assert.equal((await alice.get('/api/v4/presentation/list/?limit=0')).status, 400);
    assert.equal((await alice.get('/api/v4/presentation/list/?limit=101')).status, 400);
    assert.equal((await alice.get('/api/v4/presentation/list/?mine=true&shared=true')).status, 400);
    assert.equal((await (await clientAs(t.app, null)).get('/api/v4/presentation/list/')).status, 401);
  });

  test('list: another user sees none of alice\'s own documents it has no access to', async () => {
    const frank = await clientAs(t.app, 'frank');
    const res = await frank.get(`/api/v4/presentation/list/?owner_id=1&limit=100`);
    assert.equal(res.status, 200);
    assert.ok(res.body.results.every((d: { oid: string }) => d.oid !== D.privateStrategy));
  });

  test('count, detailed-count and user-statistics', async () => {
    const alice = await clientAs(t.app, 'alice');
    assert.deepEqual((await alice.get('/api/v4/presentation/count/')).body, { count: 6 });
    assert.equal((await alice.delete(`/api/v4/presentation/${D.classicDeck}/`)).status, 204);
    const detailed = await alice.get('/api/v4/presentation/detailed-count/');
    assert.equal(detailed.status, 200);
    assert.equal(detailed.body.count, 5);
    assert.equal(detailed.body.owned, 5);
    assert.equal(detailed.body.trashed, 1);
    assert.deepEqual(detailed.body.by_privacy, { open: 3, closed: 2 });
    assert.equal(detailed.body.by_type.PITCH, 2);
    assert.equal(detailed.body.by_type.CORE, undefined);
    const bob = await clientAs(t.app, 'bob');
    assert.ok((await bob.get('/api/v4/presentation/detailed-count/')).body.shared_with_me >= 1);
    const stats = await alice.get('/api/v4/presentation/user-statistics/');
    assert.equal(stats.status, 200);
    assert.equal(stats.body.documents, 5);
    assert.ok(stats.body.total_likes >= 1234);
    assert.ok(stats.body.collaborators >= 1);
    const anonymous = await clientAs(t.app, null);
    for (const url of ['/api/v4/presentation/count/', '/api/v4/presentation/detailed-count/', '/api/v4/presentation/user-statistics/']) {
      assert.equal((await anonymous.get(url)).status, 401, url);
    }
  });

  test('trash: pages with a total; only the owner trashes, restores and purges, others write nothing', async () => {
    const alice = await clientAs(t.app, 'alice');
    for (const oid of [D.classicDeck, D.oldTimeline, D.brandInfographic]) assert.equal((await alice.delete(`/api/v4/presentation/${oid}/`)).status, 204);
    const page = await alice.get('/api/v4/presentation-deleted/?limit=2');
    assert.equal(page.body.count, 3);
    assert.equal(page.body.results.length, 2);
    assert.equal((await alice.get('/api/v4/presentation-deleted/?limit=2&offset=2')).body.results.length, 1);
    assert.equal((await alice.get('/api/v4/presentation-deleted/?limit=0')).status, 400);

    const bob = await clientAs(t.app, 'bob');
    await unchanged(async () => {
      // bob edits Quarterly Review but does not own it.
      assert.equal((await bob.delete(`/api/v4/presentation/${D.quarterlyReview}/`)).status, 403);
      assert.equal((await bob.post(`/api/v4/presentation-deleted/${D.classicDeck}/restore/`)).status, 403);
      assert.equal((await bob.delete(`/api/v4/presentation-deleted/${D.classicDeck}/`)).status, 403);
      assert.deepEqual((await bob.delete('/api/v4/presentation-deleted/')).body, { deleted: 0, oids: [] });
      assert.equal((await bob.get('/api/v4/presentation-deleted/')).body.count, 0);
      assert.equal((await alice.post('/api/v4/presentation-deleted/bad%20oid/restore/')).status, 400);
      assert.equal((await alice.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`)).status, 404);
    });
    const restored = await alice.post(`/api/v4/presentation-deleted/${D.classicDeck}/restore/`);
    assert.equal(restored.status, 200);
    assert.equal(restored.body.oid, D.classicDeck);
    assert.equal((await alice.delete(`/api/v4/presentation-deleted/${D.oldTimeline}/`)).status, 204);
    assert.equal((await alice.get('/api/v4/presentation-deleted/')).body.count, 1);
    assert.equal((await alice.get('/api/v4/presentation/count/')).body.count, 4);
  });

  test('tags: the user\'s own tags with their counts', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get('/api/v4/presentation/tag/');
    assert.deepEqual(res.body.results.map((t: { text: string }) => t.text).sort(), ['brand', 'quarterly', 'review']);
    assert.equal((await (await clientAs(t.app, null)).get('/api/v4/presentation/tag/')).status, 401);
  });
});
