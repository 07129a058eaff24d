import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { HOT_INDEXES } from '../db/migrations/0005_indexes';
import { INVITATION_INDEXES } from '../db/migrations/0011_invitation_indexes';
import { SHARE_LIST_INDEXES } from '../db/migrations/0012_share_list_order';
import { QueryCounter } from '../db/query-observer';
import { explainGenericPlan, explainPlan, sequentialScans } from '../db/explain';
import { preparedName } from '../db/prepared-statements';
import { addGeneratedCollaborators, generateScaleData } from '../db/scale';
import { hotRoutes, type HotRoute } from '../testing/hot-routes';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** Indexes (from constraints or migrations) that the hot queries stand on, with the columns they lead with. */
const EXPECTED = {
  documents_oid_key: '(oid)',
  documents_owner_idx: '(owner_id)',
  collaborators_document_email_uq: '(document_id, email)',
  collaborators_user_idx: '(user_id)',
  likes_pk: '(document_id, user_id)',
  view_links_link_id_key: '(link_id)',
  view_links_document_idx: '(document_id)',
  view_links_owner_idx: '(owner_id)',
  users_verified_email_uq: '(email) WHERE email_verified',
  invitations_inviter_time_idx: '(inviter_id, created_at)',
  ...Object.fromEntries(Object.entries({ ...HOT_INDEXES, ...INVITATION_INDEXES, ...SHARE_LIST_INDEXES }).map(([name, target]) => [name, target.slice(target.indexOf('('))])),
};

/** Reading a table of this many rows whole is what an index must prevent (smaller ones fit in a page or two). */
const LARGE = 2_000;

describe('indexes of the hot queries', () => {
  let t: TestApp;
  const counter = new QueryCounter();
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({}, { observer: counter });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('every index the hot queries need exists, on the expected columns', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema()`.execute(t.db);
    const found = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    for (const [name, columns] of Object.entries(EXPECTED)) {
      assert.ok(found.has(name), `missing index ${name}`);
      assert.ok(found.get(name)!.endsWith(columns), `${name} is ${found.get(name)}, expected on ${columns}`);
    }
  });

  test('with thousands of rows, no hot statement reads a large table whole', async () => {
    await generateScaleData(t.db, { users: 10_000, documents: 3_000, collaborators: 15_000, viewLinks: 6_000, likes: 15_000 });
    // The demo document keeps its few collaborators: a list that is a large share of all accounts is rightly
    // a hash join over users (one read of the table beats thousands of index probes; docs/benchmarks.md).
    const doc = await t.db.selectFrom('documents').select('id').where('oid', '=', D.quarterlyReview).executeTakeFirstOrThrow();
    const { rows: sizes } = await sql<{ relname: string }>`
      select relname from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and reltuples >= ${LARGE}`.execute(t.db);
    const large = new Set(sizes.map((row) => row.relname));
    for (const table of ['users', 'documents', 'collaborators', 'likes', 'view_links']) assert.ok(large.has(table), `${table} has ${LARGE}+ rows`);
    const alice = await clientAs(t.app, 'alice');
    const bob = await t.db.selectFrom('collaborators').select('email').where('document_id', '=', doc.id).where('user_id', 'is not', null).executeTakeFirstOrThrow();
    const routes = [
      ...hotRoutes(D.quarterlyReview, bob.email),
      {
        name: 'PUT share permission (invite)',
        requests: [{ method: 'PUT', path: `/api/v1/share/${D.quarterlyReview}/permissions/`, body: { email: 'new.person@example.com', permission: 'viewer' } }],
      } satisfies HotRoute,
    ];
    for (const { name, requests } of routes) {
      counter.reset();
      for (const { method, path, body } of requests) {
        const res = await alice.request(method, path, { body });
        assert.ok(res.status < 300, `${name}: ${res.status}`);
      }
      // A copy: explaining goes through the same observed database and adds statements.
      for (const statement of [...counter.statements]) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(statement.sql)) continue;
        const scans = sequentialScans(await explainPlan(t.db, statement)).filter((table) => large.has(table));
        assert.deepEqual(scans, [], `${name} reads ${scans.join(', ')} whole in: ${statement.sql}`);
      }
    }
  });

  test("the pool's connections run the prepared hot statements from their generic plans, not planned again per execution", async () => {
    const { rows } = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(t.db);
    assert.equal(rows[0].mode, 'force_generic_plan');
  });

  test('the generic plans the prepared hot statements run from read no large table whole, with one document holding most collaborators', async () => {
    // The demo data and the benchmark's long share list: a few documents, one with thousands of collaborators.
    const big = await t.db.selectFrom('documents').select('id').where('oid', '=', D.classicDeck).executeTakeFirstOrThrow();
    await addGeneratedCollaborators(t.db, big.id, 3_000);
    const alice = await clientAs(t.app, 'alice');
    const bob = await t.db
      .selectFrom('collaborators as c')
      .innerJoin('documents as d', 'd.id', 'c.document_id')
      .select('c.email')
      .where('d.oid', '=', D.quarterlyReview)
      .where('c.user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    let prepared = 0;
    for (const { name, requests } of hotRoutes(D.quarterlyReview, bob.email)) {
      counter.reset();
      for (const { method, path, body } of requests) {
        const res = await alice.request(method, path, { body });
        assert.ok(res.status < 300, `${name}: ${res.status}`);
      }
      for (const statement of [...counter.statements].filter((s) => preparedName(s.sql) !== undefined)) {
        prepared++;
        const scans = sequentialScans(await explainGenericPlan(t.db, statement)).filter((table) => table === 'collaborators');
        assert.deepEqual(scans, [], `${name}'s generic plan reads collaborators whole in: ${statement.sql}`);
      }
    }
    assert.ok(prepared >= 6, `only ${prepared} prepared statements seen`);
  });
});
