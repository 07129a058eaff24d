import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('likes and view count', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('PUT and DELETE are idempotent; the count moves only on a real change', async () => {
    const dave = await clientAs(t.app, 'dave');
    const a = await dave.put(`/api/v4/presentation/${QR}/like/`);
    assert.deepEqual(a.body, { oid: QR, likes_count: 1235, has_liked: true });
    const b = await dave.put(`/api/v4/presentation/${QR}/like/`);
    assert.deepEqual(b.body, { oid: QR, likes_count: 1235, has_liked: true });
    const doc = await dave.get(`/api/v4/presentation/${QR}/`);
    assert.equal(doc.body.likes_count, 1235);
    assert.equal(doc.body.has_liked, true);
    const c = await dave.delete(`/api/v4/presentation/${QR}/like/`);
    assert.deepEqual(c.body, { oid: QR, likes_count: 1234, has_liked: false });
    const d = await dave.delete(`/api/v4/presentation/${QR}/like/`);
    assert.deepEqual(d.body, { oid: QR, likes_count: 1234, has_liked: false });
  });

  test('signed out: 401 with a message; anonymous reads have no has_liked', async () => {
    const anon = await clientAs(t.app, null);
    const res = await anon.put(`/api/v4/presentation/${QR}/like/`);
    assert.equal(res.status, 401);
    assert.match(res.body.message, /sign in/);
    const doc = await anon.get(`/api/v4/presentation/${QR}/`);
    assert.equal(doc.status, 200);
    assert.equal(doc.body.has_liked, undefined);
    assert.equal(doc.body.likes_count, 1234);
  });

  test('a design or a timeline cannot be liked (spec §1: presentations and videos only); nothing is written', async () => {
    const dave = await clientAs(t.app, 'dave');
    for (const oid of [D.brandInfographic, D.oldTimeline]) {
      const before = (await dave.get(`/api/v4/presentation/${oid}/`)).body.likes_count;
      for (const method of ['put', 'delete'] as const) {
        const res = await dave[method](`/api/v4/presentation/${oid}/like/`);
        assert.equal(res.status, 400, `${method} ${oid}`);
        assert.equal(res.body.message_code, 'not_likeable');
      }
      assert.equal((await dave.get(`/api/v4/presentation/${oid}/`)).body.likes_count, before);
    }
    assert.equal((await dave.put(`/api/v4/presentation/${QR}/like/`)).status, 200);
  });

  test('like through a view link (auth_key, key_type=prezilink)', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}`);
    const linkId = links.body[0].link_id;
    const frank = await clientAs(t.app, 'frank');
    const res = await frank.put(`/api/v4/presentation/like/?auth_key=${linkId}&key_type=prezilink`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { oid: QR, likes_count: 1235, has_liked: true });
    const un = await frank.delete(`/api/v4/presentation/like/?auth_key=${linkId}&key_type=prezilink`);
    assert.equal(un.body.likes_count, 1234);
    const bad = await frank.put('/api/v4/presentation/like/?auth_key=AAAAAAAAAAAAAAAAAAAAAAAA&key_type=prezilink');
    assert.equal(bad.status, 404);
    assert.equal(bad.body.message, 'Link does not exist');
  });

  // The viral deck's exactness check (docs/scaling.md, "A deck that goes viral"): many signed-in viewers like and
  // unlike one document at once through the routes; the count the API then answers is the model's exactly (each
  // liker's last acknowledged wish), with no like lost or counted twice.
  test('50 viewers liking and unliking one document at once: the count the API answers equals each liker\'s last acknowledged state', async () => {
    const LIKERS = 50;
    const ROUNDS = 6;
    const users = Array.from({ length: LIKERS }, (_, i) => ({
      oid: `load${i}`,
      username: `load${i}`,
      first_name: 'Load',
      last_name: `User${i}`,
      email: `load${i}@example.com`,
      licence: null,
      team_id: null,
    }));
    await t.db.insertInto('users').values(users).execute();
    const clients = await Promise.all(users.map((u) => clientAs(t.app, u.username)));
    const path = `/api/v4/presentation/${QR}/like/`;
    // A double click first: both PUTs at once count once.
    const doubled = await Promise.all(clients.flatMap((c) => [c.put(path), c.put(path)]));
    assert.deepEqual(doubled.filter((r) => r.status !== 200).map((r) => r.status), []);
    // Then each liker's own sequence of wishes (a fixed pseudo-random pattern, so a failure repeats), one after
    // another per liker and all likers at once; the model keeps each liker's last acknowledged wish.
    const model = new Map<number, boolean>();
    await Promise.all(
      clients.map(async (client, i) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const like = ((i * 7 + round * 13) % 5) < 2 === (round % 2 === 0);
          const res = like ? await client.put(path) : await client.delete(path);
          assert.equal(res.status, 200, `liker ${i}, round ${round}`);
          assert.equal(res.body.has_liked, like);
          model.set(i, like);
        }
      }),
    );
    const liked = [...model.values()].filter(Boolean).length;
    assert.ok(liked > 0 && liked < LIKERS, `the pattern leaves some liking and some not (${liked})`);
    const anonymous = await clientAs(t.app, null);
    assert.equal((await anonymous.get(`/api/v4/presentation/${QR}/`)).body.likes_count, 1234 + liked);
    const mine = await Promise.all(clients.map((c) => c.get(`/api/v4/presentation/${QR}/`)));
    assert.deepEqual(mine.map((r) => r.body.has_liked), clients.map((_, i) => model.get(i)));
    const rows = await t.db.selectFrom('likes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(rows.n), liked);
  });

  test('view count +1 for anyone who may view', async () => {
    const anon = await clientAs(t.app, null);
    const res = await anon.put(`/api/v4/presentation/${QR}/view-count/`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { oid: QR, view_count: 5679 });
    const closed = await anon.put(`/api/v4/presentation/${D.privateStrategy}/view-count/`);
    assert.equal(closed.status, 401);
  });
});
