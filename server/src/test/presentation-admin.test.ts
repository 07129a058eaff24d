import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp, type TestResponse } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const ONLY_OWNER_TRASH = 'Only the owner of the document can move it to the trash';
const ONLY_OWNER_DELETED = 'Only the owner of the document can restore it or delete it for good';
const EDIT_DETAILS = 'Only the owner or an editor can change the title and description';
const EDIT_TAGS = 'Only the owner or an editor can change the tags';
const NO_ACCESS = 'You do not have access to this document';

describe('presentation admin API (spec §7)', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  /** Runs the call, asserts its status (and message) and that no row of any table changed. */
  async function refused(call: () => Promise<TestResponse>, status: number, message?: string | RegExp): Promise<TestResponse> {
    const before = await snapshot(t.db);
    const res = await call();
    assert.equal(res.status, status, `expected ${status}, got ${res.status} ${res.text}`);
    if (typeof message === 'string') assert.equal(res.body.message, message);
    else if (message) assert.match(res.body.message, message);
    assert.deepEqual(await snapshot(t.db), before, 'nothing is written');
    return res;
  }

  const docId = async (oid: string) => (await t.db.selectFrom('documents').select('id').where('oid', '=', oid).executeTakeFirstOrThrow()).id;

  test('PUT /presentation/:oid/: owner and editor change title and description; others and bad input are refused', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: '  Q3 Review  ', description: 'New outlook' });
    assert.equal(res.status, 200);
    assert.equal(res.body.title, 'Q3 Review', 'title is trimmed');
    assert.equal(res.body.description, 'New outlook');
    assert.equal(res.body.user_permissions.level, 'owner');
    const bob = await clientAs(t.app, 'bob');
    const byEditor = await bob.put(`/api/v4/presentation/${D.quarterlyReview}`, { description: '' });
    assert.equal(byEditor.status, 200);
    assert.equal(byEditor.body.title, 'Q3 Review', 'omitted fields keep their value');
    assert.equal(byEditor.body.description, '');
    const stored = await t.db.selectFrom('documents').select(['title', 'description']).where('oid', '=', D.quarterlyReview).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { title: 'Q3 Review', description: '' });

    const carol = await clientAs(t.app, 'carol');
    await refused(() => carol.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: 'Mine' }), 403, EDIT_DETAILS);
    const frank = await clientAs(t.app, 'frank');
    await refused(() => frank.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: 'Mine' }), 403, EDIT_DETAILS);
    await refused(() => frank.put(`/api/v4/presentation/${D.productLaunchVideo}/`, { title: 'Mine' }), 403, NO_ACCESS);
    const anon = await clientAs(t.app, null);
    await refused(() => anon.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: 'Mine' }), 401);
    await refused(() => alice.put('/api/v4/presentation/nosuchdocument/', { title: 'X' }), 404, 'Document not found');
    for (const body of [
      {},
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { description: 'x'.repeat(2001) },
      { title: 42 },
      { title: 'ok', owner_id: 5 },
    ]) {
      const r = await refused(() => alice.put(`/api/v4/presentation/${D.quarterlyReview}/`, body), 400);
      assert.equal(r.body.code, 'VALIDATION_ERROR', JSON.stringify(body));
    }
    await refused(() => alice.put('/api/v4/presentation/bad%20oid!/', { title: 'X' }), 400);
    const max = await alice.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: 'x'.repeat(200), description: 'y'.repeat(2000) });
    assert.equal(max.status, 200);
  });

  test('DELETE /presentation/:oid/: owner only; a trashed document is invisible to every other route', async () => {
    const alice = await clientAs(t.app, 'alice');
    const bob = await clientAs(t.app, 'bob');
    const carol = await clientAs(t.app, 'carol');
    const frank = await clientAs(t.app, 'frank');
    const anon = await clientAs(t.app, null);
    await refused(() => bob.delete(`/api/v4/presentation/${D.quarterlyReview}/`), 403, ONLY_OWNER_TRASH);
    await refused(() => carol.delete(`/api/v4/presentation/${D.quarterlyReview}/`), 403, ONLY_OWNER_TRASH);
    await refused(() => frank.delete(`/api/v4/presentation/${D.productLaunchVideo}/`), 403, NO_ACCESS);
    await refused(() => anon.delete(`/api/v4/presentation/${D.quarterlyReview}/`), 401);
    await refused(() => alice.delete('/api/v4/presentation/nosuchdocument/'), 404, 'Document not found');

    const link = await t.db
      .selectFrom('view_links')
      .select('link_id')
      .where('document_id', '=', await docId(D.quarterlyReview))
      .where('owner_id', '=', 2)
      .executeTakeFirstOrThrow();
    const viewToken = (await t.db.selectFrom('documents').select('view_token').where('oid', '=', D.quarterlyReview).executeTakeFirstOrThrow()).view_token;
    const countBefore = (await alice.get('/api/v4/presentation/count/')).body.count;

    const res = await alice.delete(`/api/v4/presentation/${D.quarterlyReview}/`);
    assert.equal(res.status, 204);
    const row = await t.db.selectFrom('documents').select('deleted_at').where('oid', '=', D.quarterlyReview).executeTakeFirstOrThrow();
    assert.ok(row.deleted_at, 'the row stays, with deleted_at');
    assert.equal(await t.db.selectFrom('collaborators').select('id').where('document_id', '=', await docId(D.quarterlyReview)).execute().then((r) => r.length), 4, 'collaborators are kept for a restore');

    for (const client of [alice, bob]) {
      assert.equal((await client.get(`/api/v4/presentation/${D.quarterlyReview}/`)).status, 404);
      assert.equal((await client.get(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`)).status, 404);
      assert.equal((await client.get(`/api/v1/share/${D.quarterlyReview}/permissions/`)).status, 404);
      const list = await client.get('/api/v4/presentation/?limit=100');
      assert.ok(!list.body.results.some((d: { oid: string }) => d.oid === D.quarterlyReview), 'not listed');
    }
    assert.equal((await bob.get('/api/v1/prezilink/')).body.length, 0, "bob's link on the trashed document is not listed");
    assert.equal((await anon.get(`/api/v1/prezilink/${link.link_id}/open/`)).status, 404);
    assert.equal((await anon.get(`/embed/d/${viewToken}`)).status, 404);
    assert.ok(!(await anon.get('/api/v1/demo/')).body.documents.some((d: { oid: string }) => d.oid === D.quarterlyReview));
    assert.equal((await alice.get('/api/v4/presentation/count/')).body.count, countBefore - 1);
    await refused(() => alice.put(`/api/v4/presentation/${D.quarterlyReview}/`, { title: 'X' }), 404, 'Document not found');
    await refused(() => alice.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, { tags: [] }), 404, 'Document not found');
    await refused(() => alice.put(`/api/v4/presentation/${D.quarterlyReview}/like/`), 404, 'Document not found');
    await refused(() => alice.delete(`/api/v4/presentation/${D.quarterlyReview}/`), 404, 'Document not found');
    assert.equal((await alice.get(`/api/v4/presentation/${D.quarterlyReview}/token/`)).status, 404);
    assert.equal((await alice.get(`/api/v4/presentation/oid2id/${D.quarterlyReview}/`)).status, 404);
  });

  test('trash: list, restore and delete for good are owner-only; restore brings everything back', async () => {
    const alice = await clientAs(t.app, 'alice');
    const bob = await clientAs(t.app, 'bob');
    const anon = await clientAs(t.app, null);
    assert.deepEqual((await alice.get('/api/v4/presentation-deleted/')).body, { count: 0, results: [] });
    assert.equal((await alice.delete(`/api/v4/presentation/${D.quarterlyReview}/`)).status, 204);
    assert.equal((await alice.delete(`/api/v4/presentation/${D.classicDeck}`)).status, 204);

    const trash = await alice.get('/api/v4/presentation-deleted/');
    assert.equal(trash.status, 200);
    assert.equal(trash.body.count, 2);
    assert.deepEqual(trash.body.results.map((d: { oid: string }) => d.oid).sort(), [D.classicDeck, D.quarterlyReview].sort());
    assert.ok(trash.body.results.every((d: { deleted_at: string }) => !Number.isNaN(Date.parse(d.deleted_at))));
    assert.deepEqual((await bob.get('/api/v4/presentation-deleted/')).body, { count: 0, results: [] }, "only the user's own trash");
    assert.equal((await anon.get('/api/v4/presentation-deleted/')).status, 401);

    await refused(() => bob.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`), 403, ONLY_OWNER_DELETED);
    await refused(() => bob.delete(`/api/v4/presentation-deleted/${D.quarterlyReview}/`), 403, ONLY_OWNER_DELETED);
    await refused(() => anon.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`), 401);
    await refused(() => anon.delete(`/api/v4/presentation-deleted/${D.quarterlyReview}/`), 401);
    await refused(() => anon.delete('/api/v4/presentation-deleted/'), 401);
    await refused(() => alice.post('/api/v4/presentation-deleted/nosuchdocument/restore/'), 404, 'Document not found');
    await refused(() => alice.delete('/api/v4/presentation-deleted/nosuchdocument/'), 404, 'Document not found');
    await refused(() => alice.post(`/api/v4/presentation-deleted/${D.brandInfographic}/restore/`), 404, 'Document not found in the trash');
    await refused(() => alice.delete(`/api/v4/presentation-deleted/${D.brandInfographic}/`), 404, 'Document not found in the trash');
    await refused(() => bob.delete(`/api/v4/presentation-deleted/${D.brandInfographic}/`), 403, ONLY_OWNER_DELETED);
    await refused(() => alice.post('/api/v4/presentation-deleted/bad%20oid!/restore/'), 400);

    const restored = await alice.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`);
    assert.equal(restored.status, 200);
    assert.equal(restored.body.oid, D.quarterlyReview);
    assert.equal(restored.body.title, 'Quarterly Review');
    const asBob = await bob.get(`/api/v4/presentation/${D.quarterlyReview}/?include_user_permissions=true`);
    assert.equal(asBob.status, 200);
    assert.equal(asBob.body.user_permissions.level, 'can_edit', 'collaborators are back');
    assert.equal((await alice.get('/api/v4/presentation-deleted/')).body.count, 1);
  });

  test('delete for good: one document or the whole trash, with its dependent rows', async () => {
    const alice = await clientAs(t.app, 'alice');
    const frank = await clientAs(t.app, 'frank');
    const qr = await docId(D.quarterlyReview);
    const linkIds = (await t.db.selectFrom('view_links').select('id').where('document_id', '=', qr).execute()).map((l) => l.id);
    await t.db.insertInto('view_link_visits').values({ document_id: qr, view_link_id: linkIds[0], viewer_name: 'V' }).execute();
    await t.db.insertInto('likes').values({ document_id: qr, user_id: 2 }).execute();
    await t.db.insertInto('invitations').values({ inviter_id: 1, email: 'x@example.com', document_id: qr, created_at: new Date() }).execute();
    const folder = await t.db.selectFrom('folders').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('folder_documents').values({ folder_id: folder.id, document_id: qr }).onConflict((oc) => oc.doNothing()).execute();

    assert.equal((await alice.delete(`/api/v4/presentation/${D.quarterlyReview}/`)).status, 204);
    const gone = await alice.delete(`/api/v4/presentation-deleted/${D.quarterlyReview}/`);
    assert.equal(gone.status, 204);
    assert.equal(await t.db.selectFrom('documents').select('id').where('id', '=', qr).executeTakeFirst(), undefined);
    for (const table of ['collaborators', 'document_team_permissions', 'likes', 'view_links', 'folder_documents'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().where('document_id', '=', qr).execute();
      assert.equal(rows.length, 0, `${table} rows are deleted`);
    }
    assert.equal((await t.db.selectFrom('view_link_visits').select('id').where('view_link_id', 'in', linkIds).execute()).length, 0);
    const inv = await t.db.selectFrom('invitations').select('document_id').where('email', '=', 'x@example.com').executeTakeFirstOrThrow();
    assert.equal(inv.document_id, null, 'invitations are kept without the document');
    await refused(() => alice.post(`/api/v4/presentation-deleted/${D.quarterlyReview}/restore/`), 404, 'Document not found');

    // Empty the trash: only the user's own trashed documents go.
    assert.equal((await alice.delete(`/api/v4/presentation/${D.classicDeck}/`)).status, 204);
    assert.equal((await alice.delete(`/api/v4/presentation/${D.oldTimeline}/`)).status, 204);
    assert.equal((await frank.delete(`/api/v4/presentation/${D.franksPitch}/`)).status, 204);
    const emptied = await alice.delete('/api/v4/presentation-deleted/');
    assert.equal(emptied.status, 200);
    assert.equal(emptied.body.deleted, 2);
    assert.deepEqual([...emptied.body.oids].sort(), [D.classicDeck, D.oldTimeline].sort());
    assert.equal((await alice.get('/api/v4/presentation-deleted/')).body.count, 0);
    assert.equal((await frank.get('/api/v4/presentation-deleted/')).body.count, 1, "another user's trash is untouched");
    assert.ok(await t.db.selectFrom('documents').select('id').where('oid', '=', D.brandInfographic).executeTakeFirst(), 'live documents stay');
    const again = await alice.delete('/api/v4/presentation-deleted/');
    assert.deepEqual(again.body, { deleted: 0, oids: [] });
  });

  test('tags: the user\'s tags with counts; PUT trims, de-duplicates and is for owners and editors', async () => {
    const alice = await clientAs(t.app, 'alice');
    const bob = await clientAs(t.app, 'bob');
    const carol = await clientAs(t.app, 'carol');
    const initial = await alice.get('/api/v4/presentation/tag/');
    assert.equal(initial.status, 200);
    assert.deepEqual(initial.body.results, [
      { text: 'brand', count: 1 },
      { text: 'quarterly', count: 1 },
      { text: 'review', count: 1 },
    ]);
    assert.deepEqual((await bob.get('/api/v4/presentation/tag/')).body.results, [], "tags of the user's own documents only");
    assert.equal((await (await clientAs(t.app, null)).get('/api/v4/presentation/tag/')).status, 401);

    const put = await bob.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, {
      tags: [{ text: '  Brand ' }, { text: 'brand' }, { text: 'Q3' }, { text: 'BRAND' }],
    });
    assert.equal(put.status, 200);
    assert.deepEqual(put.body.tags, [{ text: 'Brand' }, { text: 'Q3' }]);
    const afterPut = await alice.get('/api/v4/presentation/tag');
    assert.deepEqual(afterPut.body.results, [
      { text: 'Brand', count: 2 },
      { text: 'Q3', count: 1 },
    ], 'grouped case-insensitively, most used first');
    const filtered = await alice.get('/api/v4/presentation/?tag=Q3');
    assert.deepEqual(filtered.body.results.map((d: { oid: string }) => d.oid), [D.quarterlyReview]);
    const cleared = await alice.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, { tags: [] });
    assert.deepEqual(cleared.body.tags, []);
    const twenty = await alice.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, {
      tags: Array.from({ length: 20 }, (_, i) => ({ text: `t${i}`.padEnd(50, 'x') })),
    });
    assert.equal(twenty.status, 200);
    assert.equal(twenty.body.tags.length, 20);

    await refused(() => carol.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, { tags: [{ text: 'x' }] }), 403, EDIT_TAGS);
    const frank = await clientAs(t.app, 'frank');
    await refused(() => frank.put(`/api/v4/presentation/${D.privateStrategy}/tag/`, { tags: [{ text: 'x' }] }), 403, NO_ACCESS);
    await refused(() => alice.put('/api/v4/presentation/nosuchdocument/tag/', { tags: [] }), 404, 'Document not found');
    for (const body of [
      {},
      { tags: 'x' },
      { tags: [{ text: '' }] },
      { tags: [{ text: '   ' }] },
      { tags: [{ text: 'x'.repeat(51) }] },
      { tags: Array.from({ length: 21 }, (_, i) => ({ text: `t${i}` })) },
      { tags: [{ text: 'x', color: 'red' }] },
      { tags: [{ text: 1 }] },
      { tags: [], extra: true },
    ]) {
      const r = await refused(() => alice.put(`/api/v4/presentation/${D.quarterlyReview}/tag/`, body), 400);
      assert.equal(r.body.code, 'VALIDATION_ERROR', JSON.stringify(body));
    }
  });

  test('count, id2oid and oid2id: own live documents; lookups only for documents the user may view', async () => {
    const alice = await clientAs(t.app, 'alice');
    const frank = await clientAs(t.app, 'frank');
    const anon = await clientAs(t.app, null);
    assert.deepEqual((await alice.get('/api/v4/presentation/count/')).body, { count: 6 });
    assert.deepEqual((await frank.get('/api/v4/presentation/count')).body, { count: 1 });
    assert.equal((await anon.get('/api/v4/presentation/count/')).status, 401);

    const qr = await docId(D.quarterlyReview);
    assert.deepEqual((await alice.get(`/api/v4/presentation/id2oid/${qr}/`)).body, { id: qr, oid: D.quarterlyReview });
    // Quarterly Review is open but unpublished ("anyone with the link"): counting ids must not find it.
    for (const stranger of [frank, anon]) assert.equal((await stranger.get(`/api/v4/presentation/id2oid/${qr}/`)).status, 404);
    const gallery = await docId(D.brandInfographic);
    for (const client of [frank, anon]) assert.deepEqual((await client.get(`/api/v4/presentation/id2oid/${gallery}/`)).body, { id: gallery, oid: D.brandInfographic }, 'published');
    assert.deepEqual((await anon.get(`/api/v4/presentation/oid2id/${D.quarterlyReview}`)).body, { id: qr, oid: D.quarterlyReview }, 'open document');
    const closed = await docId(D.productLaunchVideo);
    assert.deepEqual((await alice.get(`/api/v4/presentation/id2oid/${closed}/`)).body, { id: closed, oid: D.productLaunchVideo });
    assert.equal((await alice.get(`/api/v4/presentation/oid2id/${D.productLaunchVideo}/`)).body.id, closed);
    // No oracle: an existing document the caller may not view answers exactly like a missing id.
    const missing = await frank.get('/api/v4/presentation/id2oid/999999/');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Document not found');
    for (const client of [frank, anon]) {
      const hidden = await client.get(`/api/v4/presentation/id2oid/${closed}/`);
      assert.equal(hidden.status, missing.status);
      assert.deepEqual(hidden.body, missing.body);
    }
    assert.equal((await frank.get(`/api/v4/presentation/oid2id/${D.productLaunchVideo}/`)).status, 403);
    assert.equal((await alice.get('/api/v4/presentation/oid2id/nosuchdocument/')).status, 404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      assert.equal((await alice.get(`/api/v4/presentation/id2oid/${bad}/`)).status, 400, bad);
    }
  });

  test('token: the view token for viewers of PITCH and INFOGRAM documents, empty for other types', async () => {
    const alice = await clientAs(t.app, 'alice');
    const frank = await clientAs(t.app, 'frank');
    const anon = await clientAs(t.app, null);
    const token = async (oid: string) => (await t.db.selectFrom('documents').select('view_token').where('oid', '=', oid).executeTakeFirstOrThrow()).view_token;
    const own = await alice.get(`/api/v4/presentation/${D.quarterlyReview}/token/`);
    assert.equal(own.status, 200);
    assert.equal(own.headers['cache-control'], 'no-store');
    assert.deepEqual(own.body, { token: await token(D.quarterlyReview) });
    assert.deepEqual((await frank.get(`/api/v4/presentation/${D.brandInfographic}/token`)).body, { token: await token(D.brandInfographic) });
    assert.deepEqual((await anon.get(`/api/v4/presentation/${D.quarterlyReview}/token/`)).body, { token: await token(D.quarterlyReview) }, 'open document');
    assert.deepEqual((await alice.get(`/api/v4/presentation/${D.classicDeck}/token/`)).body, { token: '' }, 'CORE');
    assert.deepEqual((await alice.get(`/api/v4/presentation/${D.oldTimeline}/token/`)).body, { token: '' }, 'TIMELINE');
    assert.deepEqual((await alice.get(`/api/v4/presentation/${D.productLaunchVideo}/token/`)).body, { token: '' }, 'AIR_VIDEO_PITCH');
    const privateDoc = await frank.get(`/api/v4/presentation/${D.privateStrategy}/token/`);
    assert.equal(privateDoc.status, 403);
    assert.equal(privateDoc.body.message, NO_ACCESS);
    assert.equal((await anon.get(`/api/v4/presentation/${D.privateStrategy}/token/`)).status, 401);
    assert.equal((await alice.get('/api/v4/presentation/nosuchdocument/token/')).status, 404);
  });
});
