import { rmSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryCounter } from '../db/query-observer';
import { readCacheOf } from '../db/read-cache';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { fakeClientBuild } from '../testing/fake-build';

after(closeTestDatabases);

const QR = D.quarterlyReview;

/**
 * Round trips of each hot route as alice, everything counted: the session's user, the permission context,
 * the route's own statements (and any rate-limit count). Cold: nothing in memory (db/read-cache.ts), so the reads
 * and likes read the session's user inside their permission-context statement. Warm: the session's user and the
 * permission context come from memory, and a share list's page too (services/share-list.ts); only the route's own statements remain. A route that gains a
 * statement fails here.
 */
const BUDGET = {
  'GET unified-privacy': { cold: 1, warm: 0 },
  'GET share permissions': { cold: 2, warm: 0 },
  'GET share permissions, a page': { cold: 2, warm: 0 },
  // A search is not kept in memory (each text would be an entry of its own).
  'GET share permissions, a search': { cold: 2, warm: 1 },
  'GET document': { cold: 1, warm: 0 },
  // A like changes only the counters, which the like's lean context does not hold: it stays in memory.
  'PUT like': { cold: 2, warm: 1 },
  'DELETE like': { cold: 2, warm: 1 },
  // The session's user with the permission context; one statement that locks the document, checks what the
  // decision stood on and changes the level; the answer (the list's first page). No transaction.
  'PUT share permission (change a level)': { cold: 3, warm: 2 },
  // The session's user, the permission context, then one statement for the page, however many relatives.
  'GET relation list': { cold: 3, warm: 1 },
  // The session's user, the per-user limit's count, then one statement for all the documents asked about.
  'GET permissions-for-user (50 documents)': { cold: 3, warm: 2 },
} as const;

describe('round trips of the hot routes', () => {
  let t: TestApp;
  const build = fakeClientBuild();
  const counter = new QueryCounter();
  let alice: TestClient;

  /** Statements of one call; none of the hot routes opens a transaction. */
  const count = async (call: () => Promise<{ status: number }>) => {
    counter.reset();
    const res = await call();
    assert.ok(res.status < 300, `status ${res.status}`);
    assert.equal(counter.transactions, 0);
    return counter.count;
  };
  /** A call's statements with nothing in memory, and again right after (the second answered from memory where kept). */
  const measure = async (call: () => Promise<{ status: number }>) => {
    readCacheOf(t.db)!.flush();
    const cold = await count(call);
    const coldReadSession = readSession();
    const warm = await count(call);
    return { cold, warm, coldReadSession };
  };
  const countCold = async (call: () => Promise<{ status: number }>) => {
    readCacheOf(t.db)!.flush();
    return count(call);
  };
  const expectBudget = (measured: { cold: number; warm: number; coldReadSession: boolean }, budget: { cold: number; warm: number }, readsSession = true) => {
    assert.deepEqual({ cold: measured.cold, warm: measured.warm }, budget);
    if (readsSession) assert.ok(measured.coldReadSession, 'the session is checked in the same statement');
  };
  /** Whether one of the statements since the last reset read the sessions table (the session is always checked). */
  const readSession = () => counter.statements.some((statement) => /\bfrom "?sessions"?/i.test(statement.sql) || /join "?sessions"?/i.test(statement.sql));

  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    // A client build of its own, for the pages (their status is the one statement a page's HTML reads).
    t = await createTestApp({}, { observer: counter, staticDir: build });
  });
  beforeEach(async () => {
    await t.reset();
    alice = await clientAs(t.app, 'alice');
  });
  after(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  test("a document's page, signed out: its status read once, then from memory until the document changes (a deck that goes viral costs its page no statement)", async () => {
    const visitor = await clientAs(t.app, null);
    const page = () => visitor.get(`/view/${QR}`);
    assert.deepEqual(await measure(page), { cold: 1, warm: 0, coldReadSession: false });
    // Moved to the trash: its row's notice ends the kept status, and the page answers 404 at once.
    await t.db.updateTable('documents').set({ deleted_at: new Date() }).where('oid', '=', QR).execute();
    assert.equal((await page()).status, 404);
  });

  // A deck that goes viral (docs/scaling.md): its page and the answers its first view is written from stay in memory
  // while its owner changes who else may see it and viewers like it; what an anonymous visitor's view stands on (the
  // document's own facts) still ends them at once: fail closed.
  test("a document's page and its first view's reads, signed out, stay in memory while its owner changes its sharing and viewers like it", async (ctx) => {
    // The counters are served from memory for COUNTERS_MAX_AGE_MS: a frozen clock keeps a slow run from ageing them.
    ctx.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const FP = D.franksPitch;
    const visitor = await clientAs(t.app, null);
    const frank = await clientAs(t.app, 'frank');
    const dave = await clientAs(t.app, 'dave');
    const link = (await frank.get(`/api/v1/prezilink/?presentation_oid=${FP}`)).body[0];
    assert.ok(link, "the demo's open presentation has a view link");
    const view = async () => {
      counter.reset();
      const answers = [await visitor.get(`/view/${FP}`), await visitor.get(`/api/v4/presentation/${FP}/`), await visitor.get('/api/v1/session/')];
      assert.deepEqual(answers.map((answer) => answer.status), [200, 200, 200]);
      return counter.count;
    };
    const changes: Array<[string, () => Promise<{ status: number }>]> = [
      ['the owner invites someone', () => frank.put(`/api/v1/share/${FP}/permissions/`, { email: 'viral@example.com', permission: 'viewer' })],
      ['the owner changes their level', () => frank.put(`/api/v1/share/${FP}/permissions/`, { email: 'viral@example.com', permission: 'editor' })],
      ['the owner renames the view link', () => frank.put(`/api/v1/prezilink/${link.link_id}/`, { name: 'Renamed while viral' })],
      ['a viewer likes it', () => dave.put(`/api/v4/presentation/${FP}/like/`)],
      ['a viewer takes the like back', () => dave.delete(`/api/v4/presentation/${FP}/like/`)],
    ];
    assert.equal(await view(), 2, 'cold: the status and the document');
    for (const [change, call] of changes) {
      assert.equal((await call()).status, 200, change);
      assert.equal(await view(), 0, `after ${change}`);
    }
    // A change of what the visitor's view stands on ends it at once: the document closed, the API refuses at once.
    await t.db.updateTable('documents').set({ privacy: 'closed' }).where('oid', '=', FP).execute();
    assert.equal((await visitor.get(`/api/v4/presentation/${FP}/`)).status, 401);
  });

  test('a signed-in request loads its session in one statement, then from memory', async () => {
    expectBudget(await measure(() => alice.get('/api/v1/session/')), { cold: 1, warm: 0 });
  });

  test('reads: one statement for the session and the permission context, one more for the share list; none once in memory', async () => {
    expectBudget(await measure(() => alice.get(`/api/v4/presentation/${QR}/unified-privacy/`)), BUDGET['GET unified-privacy']);
    expectBudget(
      await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?include_organization_permission=true&include_pending_invites=true`)),
      BUDGET['GET share permissions'],
    );
    const first = await alice.get(`/api/v1/share/${QR}/permissions/?limit=2`);
    assert.equal(typeof first.body.next_cursor, 'string');
    expectBudget(await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2`)), BUDGET['GET share permissions, a page']);
    expectBudget(
      await measure(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2&cursor=${first.body.next_cursor}&search=example`)),
      BUDGET['GET share permissions, a search'],
    );
    expectBudget(await measure(() => alice.get(`/api/v4/presentation/${QR}/?include_user_permissions=true`)), BUDGET['GET document']);
  });

  test('likes: the session and the context, then one statement that changes the like and the count', async () => {
    expectBudget(await measure(() => alice.put(`/api/v4/presentation/${QR}/like/`)), BUDGET['PUT like']);
    expectBudget(await measure(() => alice.delete(`/api/v4/presentation/${QR}/like/`)), BUDGET['DELETE like']);
  });

  test('lists over many documents: a relation list and a permission lookup take a fixed number of statements', async () => {
    const parent = await t.db.selectFrom('documents').select(['id', 'owner_id']).where('oid', '=', D.brandInfographic).executeTakeFirstOrThrow();
    const others = await t.db.selectFrom('documents').select('id').where('id', '!=', parent.id).execute();
    await t.db.insertInto('document_relations').values(others.map((o) => ({ parent_id: parent.id, child_id: o.id, created_by: parent.owner_id, created_at: new Date() }))).execute();
    assert.ok(others.length >= 5);
    expectBudget(await measure(() => alice.get(`/api/v4/presentation/${D.brandInfographic}/relation/child/`)), BUDGET['GET relation list'], false);
    const oids = [QR, D.privateStrategy, ...Array.from({ length: 48 }, (_, i) => `missing${i}`)].join(',');
    expectBudget(await measure(() => alice.get(`/api/v4/presentation/permissions-for-user/?oids=${oids}`)), BUDGET['GET permissions-for-user (50 documents)'], false);
  });

  // The permission context reads only what the route needs: the share routes need the user's level, not the
  // document's view links or likes (ContextOptions.collaboratorsOnly); the privacy read needs them all.
  test('the share routes read no view links or likes; the unified privacy does', async () => {
    const readsLinksOrLikes = () => counter.statements.some((statement) => /\b(view_links|likes)\b/.test(statement.sql));
    await countCold(() => alice.get(`/api/v1/share/${QR}/permissions/?limit=2`));
    assert.equal(readsLinksOrLikes(), false);
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    const bob = list.body.individual.find((row: { email: string }) => row.email === 'bob@example.com');
    await countCold(() => alice.put(`/api/v1/share/${QR}/permissions/`, { email: bob.email, permission: bob.permission === 'editor' ? 'viewer' : 'editor' }));
    assert.equal(readsLinksOrLikes(), false);
    await countCold(() => alice.get(`/api/v4/presentation/${QR}/unified-privacy/`));
    assert.equal(readsLinksOrLikes(), true);
  });

  // A like needs read access (the user's level), not the document's view links or whether the user likes it.
  test("a like's permission context reads no view links", async () => {
    const readsLinks = () => counter.statements.some((statement) => /\bview_links\b/.test(statement.sql));
    await countCold(() => alice.put(`/api/v4/presentation/${QR}/like/`));
    assert.equal(readsLinks(), false);
    await countCold(() => alice.delete(`/api/v4/presentation/${QR}/like/`));
    assert.equal(readsLinks(), false);
  });

  test('PUT share permission of an existing collaborator: three statements, the document locked only by the one that writes', async () => {
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    const bob = list.body.individual.find((row: { is_owner: boolean; pending_invite: boolean }) => !row.is_owner && !row.pending_invite);
    assert.ok(bob, 'the demo document has an accepted collaborator');
    let level = bob.permission;
    const change = () => {
      level = level === 'editor' ? 'viewer' : 'editor';
      return alice.put(`/api/v1/share/${QR}/permissions/`, { email: bob.email, permission: level });
    };
    // Warm: alice's session and her own context stay in memory (the change named bob's membership alone).
    const measured = await measure(change);
    assert.deepEqual({ cold: measured.cold, warm: measured.warm }, BUDGET['PUT share permission (change a level)']);
  });
});
