import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, expectRefused, type TestApp, type TestResponse } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const NO_ACCESS = 'You do not have access to this document';
const QR = D.quarterlyReview;

/** Every route of spec §7's Presentation API table that answered 404 before. */
describe('the rest of the Presentation API (spec §7)', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-06-01T10:00:00Z');
    await t.reset();
  });
  after(() => t.close());

  const refused = (call: () => Promise<TestResponse>, status: number, message?: string | RegExp) => expectRefused(t.db, call, status, message);

  const userId = async (username: string) => (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const doc = (oid: string) => t.db.selectFrom('documents').selectAll().where('oid', '=', oid).executeTakeFirstOrThrow();

  test('PUT /presentation/:oid/?fields= answers with only the asked fields; an unknown field is a 400 that changes nothing', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.put(`/api/v4/presentation/${QR}/?fields=oid,title`, { title: 'Q3 Review' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { oid: QR, title: 'Q3 Review' });
    const bad = await alice.put(`/api/v4/presentation/${QR}/?fields=title,secret`, { title: 'Not saved' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message_code, 'fields_unknown');
    assert.equal((await alice.get(`/api/v4/presentation/${QR}/?fields=title`)).body.title, 'Q3 Review');
  });

  test('GET /presentation/:oid/?fields= returns only the asked fields; an unknown field is a 400', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get(`/api/v4/presentation/${QR}/?fields=oid,title,has_liked`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { oid: QR, title: 'Quarterly Review', has_liked: false });
    const all = await alice.get(`/api/v4/presentation/${QR}/`);
    assert.ok('view_count' in all.body && 'owner' in all.body);
    const bad = await alice.get(`/api/v4/presentation/${QR}/?fields=title,secret`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /secret/);
  });

  test('create: 201 with the document, the same body again 304 (spec §8), bad input 400, signed out 401', async () => {
    const alice = await clientAs(t.app, 'alice');
    const body = { title: '  Roadmap  ', schema_version_name: 'INFOGRAM', description: 'Plans', tags: [{ text: 'plan' }, { text: 'PLAN' }] };
    const made = await alice.post('/api/v4/presentation/', body);
    assert.equal(made.status, 201);
    assert.equal(made.body.title, 'Roadmap');
    assert.equal(made.body.schema_version_name, 'INFOGRAM');
    assert.deepEqual(made.body.tags, [{ text: 'plan' }]);
    assert.equal(made.body.privacy, 'hidden', 'new documents are open and unpublished');
    assert.equal(made.body.user_permissions.level, 'owner');
    assert.equal(made.headers.location, `/api/v4/presentation/${made.body.oid}/`);
    assert.equal((await alice.get(`/api/v4/presentation/${made.body.oid}/`)).status, 200);

    const repeat = await refused(async () => alice.post('/api/v4/presentation/create/', body), 304);
    assert.equal(repeat.text, '');
    assert.equal(repeat.headers.location, `/api/v4/presentation/${made.body.oid}/`);
    // Another body, another user, or after the repeat window: a new document.
    assert.equal((await alice.post('/api/v4/presentation/create/', { ...body, title: 'Roadmap 2' })).status, 201);
    assert.equal((await (await clientAs(t.app, 'bob')).post('/api/v4/presentation/', body)).status, 201);
    clock = new Date(clock.getTime() + 11 * 60_000);
    assert.equal((await alice.post('/api/v4/presentation/', body)).status, 201);
    // A repeat of a document since moved to the trash makes a new one.
    const trashed = await alice.post('/api/v4/presentation/', { title: 'Short-lived' });
    assert.equal((await alice.delete(`/api/v4/presentation/${trashed.body.oid}/`)).status, 204);
    assert.equal((await alice.post('/api/v4/presentation/', { title: 'Short-lived' })).status, 201);

    for (const bad of [{}, { title: '' }, { title: '   ' }, { title: 'x'.repeat(201) }, { title: 'T', schema_version_name: 'TIMELINE' }, { title: 'T', owner_id: 1 }, { title: 'T', tags: [{ text: ' ' }] }]) {
      await refused(async () => alice.post('/api/v4/presentation/', bad), 400);
    }
    await refused(async () => (await clientAs(t.app, null)).post('/api/v4/presentation/', { title: 'Anon' }), 401);
  });

  test('search: visitors find the public gallery; signed-in users also their own and shared documents; paging with a total', async () => {
    const anon = await clientAs(t.app, null);
    const gallery = await anon.post('/api/v4/presentation/search/', { query: '' });
    assert.equal(gallery.status, 200);
    assert.deepEqual(gallery.body.results.map((d: { oid: string }) => d.oid), [D.brandInfographic]);
    assert.equal((await anon.post('/api/v4/presentation/search/', { query: 'quarterly' })).body.count, 0, 'an open but unpublished document is not in the gallery');

    const dave = await clientAs(t.app, 'dave');
    const found = await dave.post('/api/v4/presentation/search/', { query: 'QUARTER' });
    assert.deepEqual(found.body.results.map((d: { oid: string }) => d.oid), [QR]);
    assert.equal(found.body.results[0].user_permissions.level, 'can_view');
    // Descriptions and tags match too; tag filters and types narrow.
    assert.equal((await dave.post('/api/v4/presentation/search/', { query: 'outlook' })).body.count, 1);
    assert.equal((await dave.post('/api/v4/presentation/search/', { query: '', tags: ['Review'] })).body.count, 1);
    assert.equal((await dave.post('/api/v4/presentation/search/', { query: '', schema_version_name: ['INFOGRAM'] })).body.count, 1);
    // Frank cannot find alice's closed document; '%' is a literal.
    const frank = await clientAs(t.app, 'frank');
    assert.equal((await frank.post('/api/v4/presentation/search/', { query: 'strategy' })).body.count, 0);
    assert.equal((await frank.post('/api/v4/presentation/search/', { query: '%' })).body.count, 0);
    const alice = await clientAs(t.app, 'alice');
    const page = await alice.post('/api/v4/presentation/search/', { query: '', limit: 2, offset: 1 });
    assert.equal(page.body.results.length, 2);
    assert.ok(page.body.count > 2);

    for (const bad of [{}, { query: 1 }, { query: '', limit: 0 }, { query: '', limit: 101 }, { query: '', schema_version_name: ['SLIDES'] }, { query: '', extra: true }]) {
      await refused(async () => alice.post('/api/v4/presentation/search/', bad), 400);
    }
  });

  test('revert: owner and editor go back to a recorded version; a bad version is 400; others 403; nothing written on refusal', async () => {
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/`, { title: 'Second title' })).status, 200);
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/tag/`, { tags: [{ text: 'new' }] })).status, 200);
    const bob = await clientAs(t.app, 'bob');
    const back = await bob.post(`/api/v4/presentation/${QR}/revert/`, { version: 1 });
    assert.equal(back.status, 200);
    assert.equal(back.body.version, 4, 'version 1 (seed state), 2 (title), 3 (tags), 4 (the revert)');
    assert.equal(back.body.document.title, 'Quarterly Review');
    assert.deepEqual(back.body.document.tags, [{ text: 'quarterly' }, { text: 'review' }]);
    assert.equal((await doc(QR)).title, 'Quarterly Review');
    assert.equal((await bob.post(`/api/v4/presentation/${QR}/revert/`, { version: 2 })).body.document.title, 'Second title');

    await refused(async () => alice.post(`/api/v4/presentation/${QR}/revert/`, { version: 99 }), 400, 'Version 99 does not exist for this document.');
    await refused(async () => alice.post(`/api/v4/presentation/${D.classicDeck}/revert/`, { version: 1 }), 400, 'Version 1 does not exist for this document.');
    for (const bad of [{}, { version: 0 }, { version: '1' }, { version: 1.5 }]) await refused(async () => alice.post(`/api/v4/presentation/${QR}/revert/`, bad), 400);
    await refused(async () => (await clientAs(t.app, 'carol')).post(`/api/v4/presentation/${QR}/revert/`, { version: 1 }), 403, 'Only the owner or an editor can revert this document');
    await refused(async () => (await clientAs(t.app, 'frank')).post(`/api/v4/presentation/${D.privateStrategy}/revert/`, { version: 1 }), 403, NO_ACCESS);
    await refused(async () => alice.post('/api/v4/presentation/nosuchdoc/revert/', { version: 1 }), 404, 'Document not found');
  });

  test('permissions: the access list, one person, changing and removing; "Document or user not found"', async () => {
    const [alice, carol, frank] = [await clientAs(t.app, 'alice'), await clientAs(t.app, 'carol'), await clientAs(t.app, 'frank')];
    const list = await carol.get(`/api/v4/presentation/${QR}/permissions/`);
    assert.equal(list.status, 200);
    const levels = Object.fromEntries(list.body.results.map((e: { email: string; level: string }) => [e.email, e.level]));
    assert.equal(levels['alice@example.com'], 'owner');
    assert.equal(levels['bob@example.com'], 'can_edit');
    assert.equal(levels['dave@example.com'], 'can_view');
    assert.equal(levels['erin@example.com'], 'can_view', 'team members through the team grant');
    assert.equal(levels['gina@example.com'], undefined, 'pending invites have no account');
    await refused(async () => frank.get(`/api/v4/presentation/${QR}/permissions/`), 403, NO_ACCESS);

    const dave = await userId('dave');
    assert.equal((await carol.get(`/api/v4/presentation/${QR}/permissions/${dave}/`)).body.level, 'can_view');
    await refused(async () => carol.get(`/api/v4/presentation/${QR}/permissions/${await userId('frank')}/`), 404, 'Document or user not found');
    await refused(async () => carol.get(`/api/v4/presentation/${QR}/permissions/999999/`), 404, 'Document or user not found');

    const changed = await alice.put(`/api/v4/presentation/${QR}/permissions/${dave}/`, { permission: 'editor' });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.level, 'can_edit');
    await refused(async () => carol.put(`/api/v4/presentation/${QR}/permissions/${dave}/`, { permission: 'viewer' }), 403, 'You cannot change the access of a collaborator whose level is above yours');
    await refused(async () => carol.put(`/api/v4/presentation/${QR}/permissions/${await userId('bob')}/`, { permission: 'editor' }), 403);
    await refused(async () => alice.put(`/api/v4/presentation/${QR}/permissions/${await userId('alice')}/`, { permission: 'viewer' }), 403, "The owner's access cannot be changed");
    await refused(async () => alice.put(`/api/v4/presentation/${QR}/permissions/${await userId('frank')}/`, { permission: 'viewer' }), 404, 'Document or user not found');
    await refused(async () => frank.put(`/api/v4/presentation/${QR}/permissions/${dave}/`, { permission: 'viewer' }), 403, NO_ACCESS);
    for (const bad of [{}, { permission: 'owner' }, { permission: 'viewer', extra: 1 }]) await refused(async () => alice.put(`/api/v4/presentation/${QR}/permissions/${dave}/`, bad), 400);
    await refused(async () => alice.put(`/api/v4/presentation/${QR}/permissions/0/`, { permission: 'viewer' }), 400);

    await refused(async () => carol.delete(`/api/v4/presentation/${QR}/permissions/${dave}/`), 403, 'Only the owner or an editor can remove other collaborators');
    assert.equal((await carol.delete(`/api/v4/presentation/${QR}/permissions/${await userId('carol')}/`)).status, 204, 'anyone may leave');
    assert.equal((await alice.delete(`/api/v4/presentation/${QR}/permissions/${dave}/`)).status, 204);
    await refused(async () => alice.delete(`/api/v4/presentation/${QR}/permissions/${dave}/`), 404, 'Document or user not found');
    const left = await t.db.selectFrom('collaborators').select('email').where('user_id', 'in', [dave, await userId('carol')]).execute();
    assert.deepEqual(left, []);
  });

  test('with_permissions: the document as another person sees it; permissions-for-user for the caller', async () => {
    const [alice, dave, frank] = [await clientAs(t.app, 'alice'), await clientAs(t.app, 'dave'), await clientAs(t.app, 'frank')];
    const asDave = await alice.get(`/api/v4/presentation/${QR}/with_permissions/${await userId('dave')}/`);
    assert.equal(asDave.status, 200);
    assert.equal(asDave.body.user_permissions.level, 'can_view');
    assert.equal((await alice.get(`/api/v4/presentation/${QR}/with_permissions/${await userId('frank')}/`)).body.user_permissions.level, 'no_access');
    assert.equal((await frank.get(`/api/v4/presentation/${D.franksPitch}/with_permissions/${await userId('frank')}/`)).body.user_permissions.level, 'owner');
    await refused(async () => alice.get(`/api/v4/presentation/${QR}/with_permissions/999999/`), 404, 'Document or user not found');
    await refused(async () => frank.get(`/api/v4/presentation/${QR}/with_permissions/${await userId('dave')}/`), 403, NO_ACCESS);

    const mine = await dave.get(`/api/v4/presentation/permissions-for-user/?oids=${QR},${D.privateStrategy},nosuchdoc`);
    assert.equal(mine.status, 200);
    assert.deepEqual(
      mine.body.results.map((r: { oid: string; level: string; can_view: boolean }) => [r.oid, r.level, r.can_view]),
      [[QR, 'can_view', true], [D.privateStrategy, 'no_access', false], ['nosuchdoc', 'no_access', false]],
    );
    await refused(async () => dave.get('/api/v4/presentation/permissions-for-user/'), 400);
    await refused(async () => dave.get('/api/v4/presentation/permissions-for-user/?oids=a,,b'), 400);
    await refused(async () => (await clientAs(t.app, null)).get(`/api/v4/presentation/permissions-for-user/?oids=${QR}`), 401);

    const one = await dave.get(`/api/v4/presentation/${QR}/permissions-for-user/`);
    assert.equal(one.body.level, 'can_view');
    assert.equal(one.body.permissions.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_ALLOWED');
    assert.equal(one.body.permission_reasons.unified_privacy_set_closed_unpublished_copyrighted, 'Only the owner of the document is allowed to set privacy');
    assert.equal((await (await clientAs(t.app, null)).get(`/api/v4/presentation/${QR}/permissions-for-user/`)).body.level, 'no_access');
    await refused(async () => frank.get(`/api/v4/presentation/${D.privateStrategy}/permissions-for-user/`), 403, NO_ACCESS);
  });

  test('token/{tokenType}/: view for viewers; embed only where embedding is allowed; unknown types 400', async () => {
    const alice = await clientAs(t.app, 'alice');
    const { view_token } = await doc(QR);
    assert.deepEqual((await alice.get(`/api/v4/presentation/${QR}/token/view/`)).body, { token: view_token });
    assert.deepEqual((await alice.get(`/api/v4/presentation/${QR}/token/embed/`)).body, { token: view_token });
    assert.equal((await alice.get(`/api/v4/presentation/${D.privateStrategy}/token/embed/`)).status, 403, 'a closed document cannot be embedded');
    assert.equal((await alice.get(`/api/v4/presentation/${QR}/token/secret/`)).status, 400);
    assert.equal((await (await clientAs(t.app, 'frank')).get(`/api/v4/presentation/${D.privateStrategy}/token/view/`)).status, 403);
  });

  test('relations: parent and child, reusable parents only for non-editors, no cycles, hidden relatives left out', async () => {
    const [alice, bob, frank] = [await clientAs(t.app, 'alice'), await clientAs(t.app, 'bob'), await clientAs(t.app, 'frank')];
    const made = await bob.post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: D.brandInfographic });
    assert.equal(made.status, 201);
    assert.deepEqual(made.body.results.map((r: { oid: string }) => r.oid), [D.brandInfographic]);
    assert.equal((await bob.post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: D.brandInfographic })).status, 200, 'a repeat changes nothing');
    const children = await alice.get(`/api/v4/presentation/${D.brandInfographic}/relation/child/`);
    assert.deepEqual(children.body.results.map((r: { oid: string }) => r.oid), [QR]);
    assert.equal((await alice.post(`/api/v4/presentation/${D.privateStrategy}/relation/child/`, { oid: QR })).status, 201);
    // Frank sees the infographic's child (Quarterly Review is open) but not the closed grand-parent.
    assert.deepEqual((await frank.get(`/api/v4/presentation/${QR}/relation/parent/`)).body.results.map((r: { oid: string }) => r.oid), [D.brandInfographic]);

    await refused(async () => alice.post(`/api/v4/presentation/${D.brandInfographic}/relation/parent/`, { oid: QR }), 400, 'This relation would make a document its own ancestor.');
    await refused(async () => alice.post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: QR }), 400);
    await refused(async () => bob.post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: D.franksPitch }), 403, "This was shared with you and it's not reusable");
    await refused(async () => frank.post(`/api/v4/presentation/${D.franksPitch}/relation/parent/`, { oid: D.privateStrategy }), 403, NO_ACCESS);
    await refused(async () => frank.post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: D.franksPitch }), 403, 'Only the owner or an editor can change the relations of this document');
    await refused(async () => frank.post(`/api/v4/presentation/${QR}/relation/sibling/`, { oid: D.franksPitch }), 400);
    await refused(async () => frank.post(`/api/v4/presentation/${D.franksPitch}/relation/parent/`, {}), 400);
    await refused(async () => (await clientAs(t.app, null)).post(`/api/v4/presentation/${QR}/relation/parent/`, { oid: D.brandInfographic }), 401);
    assert.equal((await frank.get(`/api/v4/presentation/${D.privateStrategy}/relation/child/`)).status, 403);
  });

  test("relations: the parent's owner removes a child someone else attached; the child's editors may too, nobody else", async () => {
    const [alice, frank, dave] = [await clientAs(t.app, 'alice'), await clientAs(t.app, 'frank'), await clientAs(t.app, 'dave')];
    const path = `/api/v4/presentation/${D.brandInfographic}/relation/child/`;
    // Frank attaches his own pitch to alice's public, reusable infographic.
    assert.equal((await frank.post(`/api/v4/presentation/${D.franksPitch}/relation/parent/`, { oid: D.brandInfographic })).status, 201);
    await refused(async () => dave.delete(path, { oid: D.franksPitch }), 403, 'Only the owner or an editor of one of the two documents can remove their relation');
    await refused(async () => (await clientAs(t.app, null)).delete(path, { oid: D.franksPitch }), 401);
    const removed = await alice.delete(path, { oid: D.franksPitch });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { results: [], next_offset: null });
    await refused(async () => alice.delete(path, { oid: D.franksPitch }), 404, 'These documents are not related.');
    // The child's side may detach it as well.
    assert.equal((await frank.post(`/api/v4/presentation/${D.franksPitch}/relation/parent/`, { oid: D.brandInfographic })).status, 201);
    assert.equal((await frank.delete(`/api/v4/presentation/${D.franksPitch}/relation/parent/`, { oid: D.brandInfographic })).status, 200);
  });

  test('relations: a list comes in pages (at most 100), its visibility decided in one statement whatever its length', async () => {
    const alice = await clientAs(t.app, 'alice');
    const parent = await doc(D.brandInfographic);
    const children = await t.db.selectFrom('documents').select(['id', 'oid']).where('id', '!=', parent.id).orderBy('id').execute();
    await t.db
      .insertInto('document_relations')
      .values(children.map((c, i) => ({ parent_id: parent.id, child_id: c.id, created_by: parent.owner_id, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })))
      .execute();
    const anonymous = await clientAs(t.app, null);
    const path = `/api/v4/presentation/${D.brandInfographic}/relation/child/`;
    const all = (await alice.get(`${path}?limit=100`)).body;
    assert.equal(all.results.length, children.length, 'alice sees every one of her documents');
    assert.equal(all.next_offset, null);
    const first = (await alice.get(`${path}?limit=3`)).body;
    assert.deepEqual(first.results.map((r: { oid: string }) => r.oid), all.results.slice(0, 3).map((r: { oid: string }) => r.oid));
    assert.equal(first.next_offset, 3);
    const rest = (await alice.get(`${path}?limit=100&offset=3`)).body;
    assert.equal(rest.results.length, children.length - 3);
    // An anonymous visitor sees only the open ones.
    const open = (await anonymous.get(`${path}?limit=100`)).body.results.map((r: { oid: string }) => r.oid);
    const openOids = (await t.db.selectFrom('documents').select('oid').where('privacy', '=', 'open').where('id', '!=', parent.id).execute()).map((r) => r.oid);
    assert.deepEqual([...open].sort(), [...openOids].sort());
    assert.equal((await alice.get(`${path}?limit=101`)).status, 400);
    assert.equal((await alice.get(`${path}?offset=-1`)).status, 400);
  });

  test('permissions-for-user: at most 50 documents per call, all decided in one statement', async () => {
    const dave = await clientAs(t.app, 'dave');
    const fifty = Array.from({ length: 50 }, (_, i) => (i === 0 ? QR : `missing${i}`)).join(',');
    const ok = await dave.get(`/api/v4/presentation/permissions-for-user/?oids=${fifty}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.results.length, 50);
    assert.equal(ok.body.results[0].level, 'can_view');
    await refused(async () => dave.get(`/api/v4/presentation/permissions-for-user/?oids=${fifty},one-more`), 400);
  });

  test("curated content: owner or the owner's team admin curates published documents; 'Curated content not found'", async () => {
    const [alice, erin, bob, anon] = [await clientAs(t.app, 'alice'), await clientAs(t.app, 'erin'), await clientAs(t.app, 'bob'), await clientAs(t.app, null)];
    const url = `/api/v4/presentation/${D.brandInfographic}/curated-content/`;
    await refused(async () => anon.get(url), 404, 'Curated content not found');
    const made = await erin.post(url, { topic: 'design', note: ' Clean layout ' });
    assert.equal(made.status, 201);
    assert.deepEqual({ ...made.body, created_at: undefined }, { oid: D.brandInfographic, topic: 'design', topic_name: 'Design', note: 'Clean layout', created_at: undefined });
    assert.equal((await alice.post(url, { topic: 'marketing' })).status, 200, 'curating again changes the topic');
    assert.equal((await anon.get(url)).body.topic, 'marketing');
    const topics = await anon.get('/api/v4/presentation/curated-topic/');
    assert.equal(topics.body.results.find((r: { slug: string }) => r.slug === 'marketing').count, 1);
    assert.equal(topics.body.results.find((r: { slug: string }) => r.slug === 'design').count, 0);

    await refused(async () => bob.post(url, { topic: 'design' }), 403, "Only the document's owner or an admin of the owner's team can curate it");
    await refused(async () => alice.post(`/api/v4/presentation/${QR}/curated-content/`, { topic: 'design' }), 403, /published/);
    await refused(async () => alice.post(url, { topic: 'cooking' }), 400, 'Unknown curated topic.');
    await refused(async () => alice.post(url, { topic: 'Design!' }), 400);
    await refused(async () => (await clientAs(t.app, 'grace')).delete(url), 403);
    await refused(async () => anon.post(url, { topic: 'design' }), 401);
    await refused(async () => (clientAs(t.app, 'frank')).then((f) => f.get(`/api/v4/presentation/${D.privateStrategy}/curated-content/`)), 403, NO_ACCESS);

    assert.equal((await alice.delete(url)).status, 204);
    await refused(async () => alice.delete(url), 404, 'Curated content not found');
  });

  test('bulk view count counts each viewable document once per viewer; one hidden document refuses the whole call', async () => {
    const anon = await clientAs(t.app, null);
    const before = (await doc(QR)).view_count;
    const res = await anon.put('/api/v4/presentation/view-count/', { oids: [QR, D.brandInfographic] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.results, [{ oid: QR, view_count: before + 1 }, { oid: D.brandInfographic, view_count: 1 }]);
    assert.deepEqual((await anon.put('/api/v4/presentation/view-count/', { oids: [QR] })).body.results, [{ oid: QR, view_count: before + 1 }], 'a repeat is not counted');
    await refused(async () => anon.put('/api/v4/presentation/view-count/', { oids: [D.classicDeck, D.privateStrategy] }), 404, 'Document not found');
    for (const bad of [{}, { oids: [] }, { oids: [QR, QR] }, { oids: ['bad oid'] }, { oids: Array.from({ length: 51 }, (_, i) => `d${i}`) }]) {
      await refused(async () => anon.put('/api/v4/presentation/view-count/', bad), 400);
    }
  });

  test('quality-score-v2: owner or editor sets 0–100', async () => {
    const bob = await clientAs(t.app, 'bob');
    const res = await bob.put('/api/v4/presentation/quality-score-v2/', { oid: QR, quality_score: 87.5 });
    assert.deepEqual(res.body, { oid: QR, quality_score: 87.5 });
    assert.equal((await doc(QR)).quality_score, 87.5);
    await refused(async () => (await clientAs(t.app, 'carol')).put('/api/v4/presentation/quality-score-v2/', { oid: QR, quality_score: 1 }), 403, 'Only the owner or an editor can set the quality score');
    await refused(async () => (await clientAs(t.app, 'frank')).put('/api/v4/presentation/quality-score-v2/', { oid: D.privateStrategy, quality_score: 1 }), 403, NO_ACCESS);
    for (const bad of [{ oid: QR }, { oid: QR, quality_score: 101 }, { oid: QR, quality_score: -1 }, { oid: QR, quality_score: '5' }]) {
      await refused(async () => bob.put('/api/v4/presentation/quality-score-v2/', bad), 400);
    }
    await refused(async () => bob.put('/api/v4/presentation/quality-score-v2/', { oid: 'nosuchdoc', quality_score: 1 }), 404, 'Document not found');
  });

  test('sentprezi/{token}/: the document behind a view token, for those who may view it; others as unknown', async () => {
    const { view_token } = await doc(QR);
    const anon = await clientAs(t.app, null);
    const res = await anon.get(`/api/v4/presentation/sentprezi/${view_token}/`);
    assert.equal(res.status, 200);
    assert.equal(res.body.oid, QR);
    assert.match(res.body.view_url, new RegExp(`^http://localhost(:80)?/view/${QR}$`));
    const closed = (await doc(D.privateStrategy)).view_token;
    await refused(async () => anon.get(`/api/v4/presentation/sentprezi/${closed}/`), 404, 'Document not found');
    assert.equal((await (await clientAs(t.app, 'alice')).get(`/api/v4/presentation/sentprezi/${closed}/`)).status, 200);
    await refused(async () => anon.get('/api/v4/presentation/sentprezi/nosuchtoken/'), 404, 'Document not found');
    await refused(async () => anon.get('/api/v4/presentation/sentprezi/bad%20token/'), 400);
  });

  test('view-link PUT / changes several links at once, all or nothing', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await t.db.selectFrom('view_links').select(['link_id', 'name', 'owner_id']).where('is_unlisted', '=', false).execute();
    const newsletter = links.find((l) => l.name === 'Newsletter')!;
    const sales = links.find((l) => l.name === 'Sales team')!;
    const res = await alice.put('/api/v1/prezilink/', { links: [{ link_id: newsletter.link_id, name: 'News' }, { link_id: sales.link_id, name: 'Sales' }] });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.map((l: { name: string }) => l.name), ['News', 'Sales']);
    // Bob may change his own link but not alice's: nothing of the request is written.
    const bob = await clientAs(t.app, 'bob');
    await refused(async () => bob.put('/api/v1/prezilink/', { links: [{ link_id: sales.link_id, name: 'Mine' }, { link_id: newsletter.link_id, name: 'Mine too' }] }), 404, 'Link does not exist');
    for (const bad of [{}, { links: [] }, { links: [{ link_id: sales.link_id }] }, { links: [{ link_id: sales.link_id, revoked: true }] }, { links: [{ link_id: sales.link_id, name: 'a' }, { link_id: sales.link_id, name: 'b' }] }]) {
      await refused(async () => alice.put('/api/v1/prezilink/', bad), 400);
    }
    await refused(async () => (await clientAs(t.app, null)).put('/api/v1/prezilink/', { links: [{ link_id: sales.link_id, name: 'X' }] }), 403, 'Authentication error');
    assert.equal((await alice.get(`/api/v1/prezilink/${sales.link_id}/`)).body.name, 'Sales', 'GET /{id}/ reads one link');
  });
});
