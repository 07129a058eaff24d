import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DASHBOARD_INDEXES } from '../db/migrations/0010_dashboard_and_referrals';
import { QueryCounter } from '../db/query-observer';
import { explainPlan, sequentialScans } from '../db/explain';
import { generateScaleData } from '../db/scale';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** Reading a table of this many rows whole is what an index must prevent. */
const LARGE = 2_000;

/** Every read the dashboard makes, for a user with documents of their own and shared ones. */
const DASHBOARD_READS = [
  '/api/v4/presentation/list/?mine=true&include_user_permissions=true&limit=10',
  '/api/v4/presentation/list/?mine=true&ordering=title&limit=10&offset=10',
  '/api/v4/presentation/list/?shared=true&limit=10',
  '/api/v4/presentation/list/?title__icontains=review&limit=10',
  '/api/v4/presentation/list/?tag=quarterly&limit=10',
  '/api/v4/presentation/count/',
  '/api/v4/presentation/detailed-count/',
  '/api/v4/presentation/user-statistics/',
  '/api/v4/presentation/tag/',
  '/api/v4/presentation-deleted/?limit=10',
];

describe('indexes of the dashboard reads', () => {
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

  test('the migration made its indexes, on the expected columns', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema()`.execute(t.db);
    const found = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    for (const [name, target] of Object.entries(DASHBOARD_INDEXES)) {
      const columns = target.slice(target.indexOf('('), target.indexOf(')') + 1);
      assert.ok(found.get(name)?.includes(columns), `${name}: ${found.get(name)}`);
    }
  });

  test('with thousands of documents, no dashboard read scans a large table whole', async () => {
    await generateScaleData(t.db, { users: 3_000, documents: 3_000, collaborators: 6_000, viewLinks: 2_500, likes: 3_000 });
    const { rows: sizes } = await sql<{ relname: string }>`
      select relname from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and reltuples >= ${LARGE}`.execute(t.db);
    const large = new Set(sizes.map((row) => row.relname));
    for (const table of ['users', 'documents', 'collaborators']) assert.ok(large.has(table), `${table} has ${LARGE}+ rows`);
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.delete(`/api/v4/presentation/${D.classicDeck}/`)).status, 204);
    for (const url of DASHBOARD_READS) {
      counter.reset();
      const res = await alice.get(url);
      assert.equal(res.status, 200, `${url}: ${res.text}`);
      for (const statement of [...counter.statements]) {
        if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
        const scans = sequentialScans(await explainPlan(t.db, statement)).filter((table) => large.has(table));
        assert.deepEqual(scans, [], `${url} reads ${scans.join(', ')} whole in: ${statement.sql}`);
      }
    }
  });
});
