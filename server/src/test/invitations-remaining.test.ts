import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const share = `/api/v1/share/${D.quarterlyReview}/permissions/`;
const remainingUrl = '/api/v1/invitations/remaining/';

describe('how many invitations are left (the add forms say so)', () => {
  let t: TestApp;
  let now: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ inviteRateLimit: { max: 3, windowSeconds: 3600 }, now: () => now });
  });
  beforeEach(async () => {
    now = new Date('2025-03-01T10:00:00Z');
    await t.reset();
  });
  after(() => t.close());

  const tick = () => {
    now = new Date(now.getTime() + 60_000);
  };

  test('each invitation, document or folder, lowers the count in the add answer and in GET; the window frees it again', async () => {
    const alice = await clientAs(t.app, 'alice');
    const folder = (await alice.get('/api/v1/demo/')).body.folders[0].id as number;
    const folderUsers = `/api/v1/folders/group/${folder}/users/`;
    assert.deepEqual((await alice.get(remainingUrl)).body, { remaining: 3, max: 3, window_seconds: 3600 });

    tick();
    const first = await alice.put(share, { email: 'left1@example.com', permission: 'viewer' });
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-invitations-remaining'], '2');
    // The body keeps the spec's shape.
    assert.ok(Array.isArray(first.body.individual));
    assert.equal((await alice.get(remainingUrl)).body.remaining, 2);

    tick();
    const second = await alice.post(folderUsers, { email: 'left2@example.com', role: 'VIEWER' });
    assert.equal(second.status, 201);
    assert.equal(second.headers['x-invitations-remaining'], '1');
    assert.equal((await alice.get(remainingUrl)).body.remaining, 1);

    // Changing an existing collaborator or adding a folder member again is not an invitation: no count.
    const change = await alice.put(share, { email: 'left1@example.com', permission: 'editor' });
    assert.equal(change.status, 200);
    assert.equal(change.headers['x-invitations-remaining'], undefined);
    const again = await alice.post(folderUsers, { email: 'left2@example.com', role: 'VIEWER' });
    assert.equal(again.status, 200);
    assert.equal(again.headers['x-invitations-remaining'], undefined);

    tick();
    const last = await alice.put(share, { email: 'left3@example.com', permission: 'viewer' });
    assert.equal(last.headers['x-invitations-remaining'], '0');
    assert.equal((await alice.get(remainingUrl)).body.remaining, 0);

    // The refusal is unchanged and carries no count; nothing is written.
    const before = await snapshot(t.db);
    const refused = await alice.post(folderUsers, { email: 'left4@example.com', role: 'VIEWER' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'RATE_LIMITED');
    assert.equal(refused.headers['x-invitations-remaining'], undefined);
    assert.equal(refused.headers['retry-after'], String(58 * 60));
    assert.deepEqual(await snapshot(t.db), before);

    // Another user has their own count.
    const bob = await clientAs(t.app, 'bob');
    assert.equal((await bob.get(remainingUrl)).body.remaining, 3);

    // The first invitation (10:01) leaves the window at 11:01: one is free again, then all three.
    now = new Date('2025-03-01T11:01:30Z');
    assert.equal((await alice.get(remainingUrl)).body.remaining, 1);
    now = new Date('2025-03-01T11:04:00Z');
    assert.equal((await alice.get(remainingUrl)).body.remaining, 3);
  });

  test('GET needs a signed-in user, and is not cached', async () => {
    const anonymous = await clientAs(t.app, null);
    assert.equal((await anonymous.get(remainingUrl)).status, 401);
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get(remainingUrl);
    assert.match(String(res.headers['cache-control']), /no-store/);
    assert.equal(res.status, 200);
  });
});
