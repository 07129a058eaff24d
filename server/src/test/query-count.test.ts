import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryCounter } from '../db/query-observer';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;

/**
 * Round trips of each hot route as alice, everything counted: the session's user, the permission context,
 * the route's own statements (and any rate-limit count). The reads and likes read the session's user inside
 * their permission-context statement. A route that gains a statement fails here.
 */
const BUDGET = {
  'GET unified-privacy': { statements: 1, transactions: 0 },
  'GET share permissions': { statements: 2, transactions: 0 },
  'GET share permissions, a page': { statements: 2, transactions: 0 },
  'GET document': { statements: 1, transactions: 0 },
  'PUT like': { statements: 2, transactions: 0 },
  'DELETE like': { statements: 2, transactions: 0 },
  // The session's user with the permission context; one statement that locks the document, checks what the
  // decision stood on and changes the level; the answer (the list's first page). No transaction.
  'PUT share permission (change a level)': { statements: 3, transactions: 0 },
  // The session's user, the permission context, then one statement for the page, however many relatives.
  'GET relation list': { statements: 3, transactions: 0 },
  // The session's user, the per-user limit's count, then one statement for all the documents asked about.
  'GET permissions-for-user (50 documents)': { statements: 3, transactions: 0 },
} as const;

describe('round trips of the hot routes', () => {
  let t: TestApp;
  const counter = new QueryCounter();
  let alice: TestClient;

  const measure = async (call: () => Promise<{ status: number }>) => {
    counter.reset();
    const res = await call();
    assert.ok(res.status < 300, `status ${res.status}`);
    return { statements: counter.count, transactions: counter.transactions };
  };
  /** Whether one of the statements since the last reset read the sessions table (the session is always checked). */
  const readSession = () => counter.statements.some((statement) => /\bfrom "?sessions"?/i.test(statement.sql) || /join "?sessions"?/i.test(statement.sql));

  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({}, { observer: counter });
  });
  beforeEach(async () => {
    await t.reset();
    alice = await clientAs(t.app, 'alice');
  });
  after(() => t.close());

  test('a signed-in request loads its session in one statement', async () => {
    assert.deepEqual(await measure(() => alice.get('/api/v1/session/')), { statements: 1, transactions: 0 });
    assert.ok(readSession());
  });

  test('reads: one statement for the session and the permission context, one more for the share list', async () => {
    assert.deepEqual(await measure(() => alice.get(`/api/v4/presentation/${QR}/unified-privacy/`)), BUDGET['GET unified-privacy']);
    assert.ok(readSession(), 'the session is checked in the same statement');
    assert.deepEqual(
      await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?include_organization_permission=true&include_pending_invites=true`)),
      BUDGET['GET share permissions'],
    );
    assert.ok(readSession());
    const first = await alice.get(`/api/v1/share/${QR}/permissions/?limit=2`);
    assert.equal(typeof first.body.next_cursor, 'string');
    assert.deepEqual(await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2`)), BUDGET['GET share permissions, a page']);
    assert.deepEqual(
      await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2&cursor=${first.body.next_cursor}&search=example`)),
      BUDGET['GET share permissions, a page'],
    );
    assert.deepEqual(await measure(() => alice.get(`/api/v4/presentation/${QR}/?include_user_permissions=true`)), BUDGET['GET document']);
    assert.ok(readSession());
  });

  test('likes: the session and the context, then one statement that changes the like and the count', async () => {
    assert.deepEqual(await measure(() => alice.put(`/api/v4/presentation/${QR}/like/`)), BUDGET['PUT like']);
    assert.ok(readSession());
    assert.deepEqual(await measure(() => alice.delete(`/api/v4/presentation/${QR}/like/`)), BUDGET['DELETE like']);
    assert.ok(readSession());
  });

  test('lists over many documents: a relation list and a permission lookup take a fixed number of statements', async () => {
    const parent = await t.db.selectFrom('documents').select(['id', 'owner_id']).where('oid', '=', D.brandInfographic).executeTakeFirstOrThrow();
    const others = await t.db.selectFrom('documents').select('id').where('id', '!=', parent.id).execute();
    await t.db.insertInto('document_relations').values(others.map((o) => ({ parent_id: parent.id, child_id: o.id, created_by: parent.owner_id, created_at: new Date() }))).execute();
    assert.ok(others.length >= 5);
    assert.deepEqual(await measure(() => alice.get(`/api/v4/presentation/${D.brandInfographic}/relation/child/`)), BUDGET['GET relation list']);
    const oids = [QR, D.privateStrategy, ...Array.from({ length: 48 }, (_, i) => `missing${i}`)].join(',');
    assert.deepEqual(await measure(() => alice.get(`/api/v4/presentation/permissions-for-user/?oids=${oids}`)), BUDGET['GET permissions-for-user (50 documents)']);
  });

  // The permission context reads only what the route needs: the share routes need the user's level, not the
  // document's view links or likes (ContextOptions.collaboratorsOnly); the privacy read needs them all.
  test('the share routes read no view links or likes; the unified privacy does', async () => {
    const readsLinksOrLikes = () => counter.statements.some((statement) => /\b(view_links|likes)\b/.test(statement.sql));
    await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2`));
    assert.equal(readsLinksOrLikes(), false);
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    const bob = list.body.individual.find((row: { email: string }) => row.email === 'bob@example.com');
    await measure(() => alice.put(`/api/v1/share/${QR}/permissions/`, { email: bob.email, permission: bob.permission === 'editor' ? 'viewer' : 'editor' }));
    assert.equal(readsLinksOrLikes(), false);
    await measure(() => alice.get(`/api/v4/presentation/${QR}/unified-privacy/`));
    assert.equal(readsLinksOrLikes(), true);
  });

  // A like needs read access (the user's level), not the document's view links or whether the user likes it.
  test("a like's permission context reads no view links", async () => {
    const readsLinks = () => counter.statements.some((statement) => /\bview_links\b/.test(statement.sql));
    await measure(() => alice.put(`/api/v4/presentation/${QR}/like/`));
    assert.equal(readsLinks(), false);
    await measure(() => alice.delete(`/api/v4/presentation/${QR}/like/`));
    assert.equal(readsLinks(), false);
  });

  test('PUT share permission of an existing collaborator: three statements, the document locked only by the one that writes', async () => {
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    const bob = list.body.individual.find((row: { is_owner: boolean; pending_invite: boolean }) => !row.is_owner && !row.pending_invite);
    assert.ok(bob, 'the demo document has an accepted collaborator');
    const other = bob.permission === 'editor' ? 'viewer' : 'editor';
    assert.deepEqual(
      await measure(() => alice.put(`/api/v1/share/${QR}/permissions/`, { email: bob.email, permission: other })),
      BUDGET['PUT share permission (change a level)'],
    );
  });
});
