import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { clientAs, closeTestDatabases, createTestDatabase, TestClient, type TestDatabase, TEST_READ_CACHE, copyOn } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const PRIVATE = D.privateStrategy;

/**
 * The hot reads and likes read the session's user inside their permission-context statement instead of in
 * the preHandler (one round trip instead of two). Revocation must stay immediate: a session ended on one
 * instance is refused by the next request on the other, on every such route.
 */

const sessionPayload = (c: TestClient) => JSON.parse(Buffer.from(decodeURIComponent(c.cookies.get('deck_session') ?? '').split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;

/** Each route marked sessionInStatement, with what a signed-in owner gets and what an anonymous visitor gets. */
const ROUTES = [
  { name: 'GET unified-privacy of a closed document', call: (c: TestClient) => c.get(`/api/v4/presentation/${PRIVATE}/unified-privacy/`), ok: 200, anonymous: 401 },
  { name: 'GET document of a closed document', call: (c: TestClient) => c.get(`/api/v4/presentation/${PRIVATE}/?include_user_permissions=true`), ok: 200, anonymous: 401 },
  { name: 'GET share permissions', call: (c: TestClient) => c.get(`/api/v1/share/${QR}/permissions/`), ok: 200, anonymous: 401 },
  { name: 'PUT like', call: (c: TestClient) => c.put(`/api/v4/presentation/${QR}/like/`), ok: 200, anonymous: 401 },
  { name: 'DELETE like', call: (c: TestClient) => c.delete(`/api/v4/presentation/${QR}/like/`), ok: 200, anonymous: 401 },
] as const;

describe('routes that read the session in their own statement', () => {
  let tdb: TestDatabase;
  let clock: Date;
  let instances: FastifyInstance[];

  beforeEach(async () => {
    clock = new Date();
    tdb = await createTestDatabase();
    const config = { sessionSecret: 'test-secret-test-secret', now: () => clock, readCache: TEST_READ_CACHE };
    instances = [await buildApp({ db: tdb.db, config }), await buildApp({ db: await tdb.connect(), config })];
  });
  afterEach(async () => {
    for (const app of instances) await app.close();
    await tdb.cleanup();
  });

  test('signed in, each route answers as the owner', async () => {
    const alice = await clientAs(instances[0], 'alice');
    for (const route of ROUTES) assert.equal((await route.call(alice)).status, route.ok, route.name);
    const unified = await alice.get(`/api/v4/presentation/${PRIVATE}/unified-privacy/`);
    assert.equal(unified.body.is_owner, true);
    const doc = await alice.get(`/api/v4/presentation/${PRIVATE}/?include_user_permissions=true`);
    assert.equal(doc.body.user_permissions.level, 'owner');
  });

  for (const route of ROUTES) {
    test(`${route.name}: sign out everywhere on one instance ends the session on the other at once`, async () => {
      const laptop = await clientAs(instances[0], 'alice');
      const kept = copyOn(instances[1], laptop);
      assert.equal((await route.call(kept)).status, route.ok, 'works before the sign-out');
      assert.equal((await laptop.post('/api/v1/session/sign-out-everywhere/')).status, 204);

      const res = await route.call(kept);
      assert.equal(res.status, route.anonymous, res.text);
      // Not rewritten: an answer still in flight would overwrite the cookie of a sign-in made meanwhile.
      assert.notEqual(sessionPayload(kept).s, undefined, 'the ended cookie is left as it was, and stays refused');
      assert.deepEqual((await kept.get('/api/v1/session/')).body, { user: null });
    });
  }

  test("an expired session and a removed user's session are refused by these routes", async () => {
    const alice = await clientAs(instances[0], 'alice');
    clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
    assert.equal((await alice.get(`/api/v1/share/${QR}/permissions/`)).status, 401);

    await tdb.db.insertInto('users').values({ oid: 'uzed00000001', username: 'zed', first_name: 'Zed', last_name: 'Zero', email: 'zed@example.com', licence: null, team_id: null }).execute();
    const zed = await clientAs(instances[1], 'zed');
    assert.equal((await zed.put(`/api/v4/presentation/${QR}/like/`)).status, 200);
    await tdb.db.deleteFrom('likes').where('user_id', '=', tdb.db.selectFrom('users').select('id').where('username', '=', 'zed')).execute();
    await tdb.db.deleteFrom('users').where('username', '=', 'zed').execute();
    assert.equal((await zed.put(`/api/v4/presentation/${QR}/like/`)).status, 401);
  });

  test('an unknown document: 404 when signed in, 401 for an ended session on the like', async () => {
    const alice = await clientAs(instances[0], 'alice');
    assert.equal((await alice.get('/api/v4/presentation/nosuchdoc0000/unified-privacy/')).status, 404);
    assert.equal((await alice.get('/api/v1/share/nosuchdoc0000/permissions/')).status, 404);
    assert.equal((await alice.put('/api/v4/presentation/nosuchdoc0000/like/')).status, 404);
    await alice.post('/api/v1/session/sign-out/');
    assert.equal((await alice.put('/api/v4/presentation/nosuchdoc0000/like/')).status, 401);
  });

  test('CSRF still applies to the likes', async () => {
    const alice = await clientAs(instances[0], 'alice');
    const res = await alice.put(`/api/v4/presentation/${QR}/like/`, undefined, { csrf: false });
    assert.equal(res.status, 403);
  });
});
