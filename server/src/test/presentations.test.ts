import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

describe('presentation API', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('list: the user\'s and shared documents, with filters, ordering and paging', async () => {
    const bob = await clientAs(t.app, 'bob');
    const all = await bob.get('/api/v4/presentation/?include_user_permissions=true&ordering=title');
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.results.map((d: { title: string }) => d.title), ['Quarterly Review']);
    assert.equal(all.body.results[0].user_permissions.level, 'can_edit');
    const alice = await clientAs(t.app, 'alice');
    const mine = await alice.get('/api/v4/presentation/list/?mine=true&ordering=title&limit=3&offset=1');
    assert.equal(mine.body.count, 6);
    assert.deepEqual(mine.body.results.map((d: { title: string }) => d.title), ['Classic Deck', 'Old Timeline', 'Private Strategy']);
    const search = await alice.get('/api/v4/presentation/?title__icontains=REVIEW');
    assert.deepEqual(search.body.results.map((d: { oid: string }) => d.oid), [D.quarterlyReview]);
    const closed = await alice.get('/api/v4/presentation/?privacy=closed&ordering=title');
    assert.deepEqual(closed.body.results.map((d: { title: string }) => d.title), ['Private Strategy', 'Product Launch Video']);
    const pub = await alice.get('/api/v4/presentation/?privacy=public');
    assert.deepEqual(pub.body.results.map((d: { title: string }) => d.title), ['Brand Infographic']);
    const wildcard = await alice.get('/api/v4/presentation/?title__icontains=%25');
    assert.equal(wildcard.body.count, 0, 'LIKE wildcards are escaped');
    const erin = await clientAs(t.app, 'erin');
    const shared = await erin.get('/api/v4/presentation/?shared=true');
    assert.deepEqual(shared.body.results.map((d: { title: string }) => d.title), ['Quarterly Review'], 'team grant');
  });

  test('detail: a TIMELINE document is returned as is; view links are only for PITCH and INFOGRAM', async () => {
    const alice = await clientAs(t.app, 'alice');
    const tl = await alice.get(`/api/v4/presentation/${D.oldTimeline}/`);
    assert.equal(tl.status, 200);
    assert.equal(tl.body.schema_version_name, 'TIMELINE');
    const privacy = await alice.get(`/api/v4/presentation/${D.oldTimeline}/unified-privacy/`);
    assert.equal(privacy.body.view_link, '');
    assert.equal(privacy.body.embed_link, '');
    // The other types the share dialog words as having no view link (a classic deck, a video).
    for (const oid of [D.classicDeck, D.productLaunchVideo]) {
      const other = await alice.get(`/api/v4/presentation/${oid}/unified-privacy/`);
      assert.equal(other.status, 200, oid);
      assert.equal(other.body.view_link, '', oid);
      assert.equal(other.body.embed_link, '', oid);
    }
    const ig = await alice.get(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`);
    assert.match(ig.body.view_link, new RegExp(`/view/${D.brandInfographic}$`));
    assert.match(ig.body.embed_link, new RegExp(`/view/${D.brandInfographic}\\?embed=1$`));
    // A closed document has no embed code to copy, even for its owner (its embed flag is refused: flags.ts).
    const closed = await alice.get(`/api/v4/presentation/${D.privateStrategy}/unified-privacy/`);
    assert.equal(closed.body.embed_link, '');
    assert.equal(ig.body.is_published, true);
    assert.equal(ig.body.is_reusable, true);
    const doc = await alice.get(`/api/v4/presentation/${D.quarterlyReview}/`);
    assert.equal(doc.body.page_count, 8);
    assert.equal(doc.body.likes_count, 1234);
    assert.equal(doc.body.privacy, 'hidden');
    assert.deepEqual(doc.body.owner, { username: 'alice', firstName: 'Alice', lastName: 'Anderson' });
  });

  test('a view link auth_key reads an open document, never a closed one', async () => {
    const docId = async (oid: string) => (await t.db.selectFrom('documents').select('id').where('oid', '=', oid).executeTakeFirstOrThrow()).id;
    const insertLink = (linkId: string, documentId: number) =>
      t.db.insertInto('view_links').values({ link_id: linkId, document_id: documentId, owner_id: 1, name: 'x' }).returning('link_id').executeTakeFirstOrThrow();
    const closedLink = await insertLink('closed-doc-link-0000000001', await docId(D.productLaunchVideo));
    const anon = await clientAs(t.app, null);
    assert.equal((await anon.get(`/api/v4/presentation/${D.productLaunchVideo}/`)).status, 401);
    const closed = await anon.get(`/api/v4/presentation/${D.productLaunchVideo}/?auth_key=${closedLink.link_id}&key_type=prezilink`);
    assert.equal(closed.status, 403);
    assert.equal(closed.body.message, 'Authentication error');
    const wrong = await anon.get(`/api/v4/presentation/${D.productLaunchVideo}/?auth_key=AAAAAAAAAAAAAAAAAAAAAAAA&key_type=prezilink`);
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.message, 'Authentication error');
    const openLink = await insertLink('open-doc-link-00000000001', await docId(D.quarterlyReview));
    assert.equal((await anon.get(`/api/v4/presentation/${D.quarterlyReview}/?auth_key=${openLink.link_id}&key_type=prezilink`)).status, 200);
  });

  test('owner changes privacy, publish and reusable; the change is persisted', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.put(`/api/v4/presentation/${D.classicDeck}/unified-privacy/`, { published: true, reusable: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.is_published, true);
    assert.equal(res.body.is_reusable, true);
    const closed = await alice.put(`/api/v4/presentation/${D.classicDeck}/unified-privacy/`, { unified_privacy: 'closed' });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.unified_privacy, 'closed');
    assert.equal(closed.body.is_published, false, 'closing unpublishes');
    const doc = await alice.get(`/api/v4/presentation/${D.classicDeck}/`);
    assert.equal(doc.body.privacy, 'private');
    assert.equal(doc.body.public, false);
    const reopened = await alice.put(`/api/v4/presentation/${D.classicDeck}/unified-privacy/?exclude_permissions=true`, { unified_privacy: 'open' });
    assert.equal(reopened.body.unified_privacy, 'open');
    assert.equal(reopened.body.permissions, undefined);
  });
});
