import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, TestClient, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;

/** A second browser holding a copy of the client's cookies (a stolen or kept cookie). */
function copyOf(c: TestClient): TestClient {
  const copy = new TestClient(c.app);
  for (const [k, v] of c.cookies) copy.cookies.set(k, v);
  return copy;
}

async function title(t: TestApp): Promise<string> {
  const row = await t.db.selectFrom('documents').select('title').where('oid', '=', QR).executeTakeFirstOrThrow();
  return row.title;
}

describe('sessions end on the server', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date();
    await t.reset();
  });
  after(() => t.close());

  for (const [how, signOut] of [
    ['POST /api/v1/session/sign-out/', (c: TestClient) => c.post('/api/v1/session/sign-out/')],
    ['GET /dev/sign-out', (c: TestClient) => c.get('/dev/sign-out?next=/')],
  ] as const) {
    test(`after ${how} the old cookie no longer works`, async () => {
      const alice = await clientAs(t.app, 'alice');
      const kept = copyOf(alice);
      const out = await signOut(alice);
      assert.ok(out.status === 204 || out.status === 302, out.text);
      assert.deepEqual((await alice.get('/api/v1/session/')).body, { user: null });

      assert.deepEqual((await kept.get('/api/v1/session/')).body, { user: null }, 'the kept cookie is anonymous');
      const change = await kept.put(`/api/v4/presentation/${QR}/`, { title: 'Changed after sign-out' });
      assert.equal(change.status, 401, change.text);
      assert.equal(await title(t), 'Quarterly Review');
      assert.equal((await t.db.selectFrom('sessions').selectAll().execute()).length, 0);
    });
  }

  test('sign out everywhere ends every session of the user and no one else\'s', async () => {
    const laptop = await clientAs(t.app, 'alice');
    const phone = await clientAs(t.app, 'alice');
    const bob = await clientAs(t.app, 'bob');
    const res = await phone.post('/api/v1/session/sign-out-everywhere/');
    assert.equal(res.status, 204);
    for (const c of [laptop, phone]) assert.deepEqual((await c.get('/api/v1/session/')).body, { user: null });
    assert.equal((await bob.get('/api/v1/session/')).body.user.username, 'bob');

    const anonymous = await clientAs(t.app, null);
    const refused = await anonymous.post('/api/v1/session/sign-out-everywhere/');
    assert.equal(refused.status, 401);
    assert.equal((await anonymous.post('/api/v1/session/sign-out-everywhere/', undefined, { csrf: false })).status, 403, 'CSRF applies');
  });

  test("a removed user's sessions end", async () => {
    await t.db.insertInto('users').values({ oid: 'uzed00000001', username: 'zed', first_name: 'Zed', last_name: 'Zero', email: 'zed@example.com', licence: null, team_id: null }).execute();
    const zed = await clientAs(t.app, 'zed');
    assert.equal((await zed.get('/api/v1/session/')).body.user.username, 'zed');
    await t.db.deleteFrom('users').where('username', '=', 'zed').execute();
    assert.equal((await t.db.selectFrom('sessions').selectAll().execute()).length, 0);
    assert.deepEqual((await zed.get('/api/v1/session/')).body, { user: null });
  });

  test('a session expires after its lifetime', async () => {
    const alice = await clientAs(t.app, 'alice');
    clock = new Date(clock.getTime() + 29 * 24 * 3600 * 1000);
    assert.equal((await alice.get('/api/v1/session/')).body.user.username, 'alice');
    clock = new Date(clock.getTime() + 2 * 24 * 3600 * 1000);
    assert.deepEqual((await alice.get('/api/v1/session/')).body, { user: null });
  });

  test('signing in again ends the earlier session; the cookie holds no user id', async () => {
    const alice = await clientAs(t.app, 'alice');
    const raw = decodeURIComponent(alice.cookies.get('deck_session') ?? '');
    const payload = JSON.parse(Buffer.from(raw.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(payload).sort(), ['c', 's']);
    await alice.signIn('bob');
    assert.equal((await t.db.selectFrom('sessions').selectAll().execute()).length, 1, "the cookie's earlier session ended");
    assert.equal((await alice.get('/api/v1/session/')).body.user.username, 'bob');
  });
});
