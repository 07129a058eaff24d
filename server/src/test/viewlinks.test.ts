import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';
import { MESSAGES } from '../permissions/messages';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const base = '/api/v1/prezilink/';
const body = (oid: string, name = 'Investors', analytics = true, identification = false) => ({
  presentation_oid: oid,
  name,
  visible_on_analytics: analytics,
  viewer_identification: identification,
});

describe('view links', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('list: the owner sees all live links (own and others), a collaborator only their own', async () => {
    const alice = await clientAs(t.app, 'alice');
    const all = await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true&include_sharer=true`);
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 3);
    const bobs = all.body.find((l: { is_owner: boolean }) => !l.is_owner);
    assert.equal(bobs.sharer_first_name, 'Bob');
    assert.equal(bobs.sharer_last_name, 'Brown');
    assert.deepEqual(bobs.permissions, { can_update: true, can_delete: true });
    const own = await alice.get(`${base}?presentation_oid=${QR}`);
    assert.equal(own.body.length, 2);
    const bob = await clientAs(t.app, 'bob');
    const bobList = await bob.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`);
    assert.equal(bobList.body.length, 1);
    assert.equal(bobList.body[0].name, 'Sales team');
    assert.match(bobList.body[0].url, new RegExp(`/l/${bobList.body[0].link_id}$`));
    // Bob cannot read alice's link.
    const alicesLink = own.body[0].link_id;
    const peek = await bob.get(`${base}${alicesLink}/`);
    assert.equal(peek.status, 404);
    assert.equal(peek.body.message, MESSAGES.linkNotFound);
  });

  test('trackable links exist for presentations, and for designs only while the design switch is on (spec §2)', async () => {
    const alice = await clientAs(t.app, 'alice');
    const unavailable = async (oid: string) => {
      const privacy = await alice.get(`/api/v4/presentation/${oid}/unified-privacy/`);
      assert.equal(privacy.status, 200);
      assert.equal(privacy.body.permissions.view_link_own_create.value, 'NOT_POSSIBLE');
      assert.equal(privacy.body.permission_reason_codes.view_link_own_create, 'links_unavailable');
      const created = await alice.post(base, body(oid));
      assert.equal(created.status, 403);
      assert.equal(created.body.message, MESSAGES.linksUnavailable);
      assert.equal(created.body.message_code, 'links_unavailable');
    };
    // A classic deck: never, whatever the owner's rights.
    await unavailable(D.classicDeck);
    // A design: while the switch is on, as a presentation; with it off, not.
    assert.equal((await alice.post(base, body(D.brandInfographic, 'Design link'))).status, 201);
    await t.db.updateTable('feature_switches').set({ enabled: false }).where('name', '=', 'design_analytics_view_links').execute();
    await unavailable(D.brandInfographic);
    assert.equal((await alice.post(base, body(QR, 'Still fine'))).status, 201);
  });

  test('ids are unguessable tokens: ≥128 bits, base64url, unique, unrelated to the document id', async () => {
    const alice = await clientAs(t.app, 'alice');
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await alice.post(base, body(QR, `Link ${i}`));
      assert.equal(res.status, 201);
      const id = res.body.link_id as string;
      assert.match(id, /^[A-Za-z0-9_-]{22,}$/);
      assert.ok(Buffer.from(id, 'base64url').length >= 16, 'at least 128 bits');
      assert.ok(!id.includes(QR));
      ids.add(id);
    }
    assert.equal(ids.size, 20);
    const seeded = await t.db.selectFrom('view_links').select('link_id').execute();
    assert.equal(new Set(seeded.map((r) => r.link_id)).size, seeded.length);
  });

  test('create returns the link; a free user gets one link without analytics, then the limit', async () => {
    const alice = await clientAs(t.app, 'alice');
    const created = await alice.post(base, body(QR, '  Board  ', true, true));
    assert.equal(created.status, 201);
    assert.equal(created.body.name, 'Board');
    assert.equal(created.body.viewer_identification, true);
    assert.equal(created.body.presentation_oid, QR);
    assert.equal(created.body.is_owner, true);

    // A free user without links: one without analytics is allowed, analytics is paywalled.
    await t.db.updateTable('view_links').set({ revoked: true }).where('name', '=', 'Investors').execute();
    const frank = await clientAs(t.app, 'frank');
    const paywalled = await frank.post(base, body(D.franksPitch, 'With analytics', true));
    assert.equal(paywalled.status, 403);
    assert.equal(paywalled.body.code, 'NOT_ALLOWED_WITH_CURRENT_FEATURES');
    assert.equal(paywalled.body.message, MESSAGES.analyticsPaywall);
    const ok = await frank.post(base, body(D.franksPitch, 'Plain', false));
    assert.equal(ok.status, 201);
    const before = await snapshot(t.db);
    const limited = await frank.post(base, body(D.franksPitch, 'Second', false));
    assert.equal(limited.status, 403);
    assert.equal(limited.body.code, 'NOT_ALLOWED_LIMIT_REACHED');
    assert.deepEqual(limited.body.limits, [{ code: 'VIEW_LINK_LIMIT', limit_value: 1, current_value: 1, reached: true }]);
    assert.deepEqual(await snapshot(t.db), before, 'no link made');
  });

  test('update: rename, analytics off forces identification off; deactivation is permanent', async () => {
    const alice = await clientAs(t.app, 'alice');
    const [link] = (await alice.get(`${base}?presentation_oid=${QR}`)).body;
    assert.equal(link.viewer_identification, true);
    const renamed = await alice.put(`${base}${link.link_id}/`, { name: 'Board (Q3)', visible_on_analytics: false });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'Board (Q3)');
    assert.equal(renamed.body.visible_on_analytics, false);
    assert.equal(renamed.body.viewer_identification, false);
    const revoked = await alice.put(`${base}${link.link_id}/`, { revoked: true });
    assert.equal(revoked.body.revoked, true);
    const reopen = await alice.put(`${base}${link.link_id}/`, { revoked: false });
    assert.equal(reopen.status, 400);
    const list = await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`);
    assert.equal(list.body.length, 2, 'revoked links are omitted');
  });

  test('delete with and without delete_data; then the document may be closed', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = (await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`)).body;
    const [keep, drop, bobs] = links;
    const dropped = await t.db.selectFrom('view_links').select(['id', 'document_id']).where('link_id', '=', drop.link_id).executeTakeFirstOrThrow();
    await t.db.insertInto('view_link_visits').values({ document_id: dropped.document_id, view_link_id: dropped.id, viewer_name: 'V' }).execute();
    const a = await alice.delete(`${base}${keep.link_id}/`);
    assert.equal(a.status, 200);
    assert.equal(a.body.revoked, true);
    assert.equal(a.body.visible_on_analytics, true, 'keeping data keeps it on analytics');
    const b = await alice.delete(`${base}${drop.link_id}/?delete_data=true`);
    assert.equal(b.body.visible_on_analytics, false);
    const visits = await t.db.selectFrom('view_link_visits').selectAll().where('view_link_id', '=', dropped.id).execute();
    assert.equal(visits.length, 0);
    // The document owner may remove bob's link too.
    assert.equal((await alice.delete(`${base}${bobs.link_id}/`)).status, 200);
    const closed = await alice.put(`/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.unified_privacy, 'closed');
    assert.equal(closed.body.view_link_count, 0);
  });

  test('an editor cannot touch the owner\'s links; the owner can manage the editor\'s', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = (await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`)).body;
    const alices = links.find((l: { is_owner: boolean }) => l.is_owner);
    const bobs = links.find((l: { is_owner: boolean }) => !l.is_owner);
    const bob = await clientAs(t.app, 'bob');
    const before = await snapshot(t.db);
    for (const res of [await bob.put(`${base}${alices.link_id}/`, { name: 'mine now' }), await bob.delete(`${base}${alices.link_id}/`)]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.message, MESSAGES.linkNotFound);
    }
    assert.deepEqual(await snapshot(t.db), before);
    const renamed = await alice.put(`${base}${bobs.link_id}/`, { name: 'Sales (renamed by alice)' });
    assert.equal(renamed.status, 200);
    assert.equal((await bob.put(`${base}${bobs.link_id}/`, { name: 'Sales again' })).status, 200);
  });

  test('unlisted link: 404 when none, PUT creates once, DELETE clears', async () => {
    const alice = await clientAs(t.app, 'alice');
    const none = await alice.get(`${base}unlisted/${QR}`);
    assert.equal(none.status, 404);
    const made = await alice.put(`${base}unlisted/${QR}`);
    assert.equal(made.status, 200);
    assert.equal(made.body.presentation_oid, QR);
    assert.match(made.body.url, new RegExp(`/l/${made.body.link_id}$`));
    const again = await alice.put(`${base}unlisted/${QR}`);
    assert.equal(again.body.link_id, made.body.link_id);
    const got = await alice.get(`${base}unlisted/${QR}`);
    assert.equal(got.body.link_id, made.body.link_id);
    const list = await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`);
    assert.equal(list.body.length, 3, 'the unlisted link is not a trackable link');
    assert.equal((await alice.delete(`${base}unlisted/${QR}`)).status, 204);
    assert.equal((await alice.get(`${base}unlisted/${QR}`)).status, 404);
    assert.equal((await alice.delete(`${base}unlisted/${QR}`)).status, 404);
  });

  test('a user\'s own links across documents (no presentation_oid)', async () => {
    const bob = await clientAs(t.app, 'bob');
    const res = await bob.get(base);
    assert.equal(res.body.length, 1);
    const other = await bob.get(`${base}?user_oid=someoneelse`);
    assert.equal(other.status, 403);
  });
});
