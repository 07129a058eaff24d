import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { HOT_INDEXES } from '../db/migrations/0005_indexes';
import { INVITATION_INDEXES } from '../db/migrations/0011_invitation_indexes';
import { SHARE_LIST_INDEXES } from '../db/migrations/0012_share_list_order';
import { QueryCounter, type ObservedQuery } from '../db/query-observer';
import { readCacheOf } from '../db/read-cache';
import { CO_LOCATED, CROSS_DOCUMENT_STATEMENTS, NOT_DISTRIBUTED_BY_DOCUMENT, REFERENCE_TABLES, UNIQUE_WITHOUT_DOCUMENT } from '../db/distribution-plan';
import { explainGenericPlan, explainPlan, sequentialScans } from '../db/explain';
import { preparedName } from '../db/prepared-statements';
import { addGeneratedCollaborators, generateScaleData } from '../db/scale';
import { hotRoutes, type HotRoute } from '../testing/hot-routes';
import { newViewLinkId } from '../tokens';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** Indexes (from constraints or migrations) that the hot queries stand on, with the columns they lead with. */
const EXPECTED = {
  documents_oid_key: '(oid)',
  documents_owner_idx: '(owner_id)',
  collaborators_document_email_uq: '(document_id, email)',
  collaborators_user_idx: '(user_id)',
  // A row changed or read by its id alone, its key being (document_id, id) (migration 0031).
  collaborators_id_idx: '(id)',
  view_links_id_idx: '(id)',
  access_requests_id_idx: '(id)',
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

  // docs/scaling.md, "Sharding with Citus": the schema as the plan (db/distribution-plan.ts) says.
  test('every table that names a document is in the distribution plan, and every co-located one carries the document in its primary key, its unique indexes and its foreign keys', async () => {
    const { rows } = await sql<{ table: string; primary_key: string[]; names_document: boolean }>`
      select c.relname as table,
        coalesce((select array_agg(a.attname::text order by k.ord) from pg_index i
          cross join unnest(i.indkey) with ordinality as k(attnum, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary), '{}') as primary_key,
        exists (select 1 from pg_constraint f where f.conrelid = c.oid and f.contype = 'f' and f.confrelid = 'documents'::regclass)
          or exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'document_id' and not a.attisdropped) as names_document
      from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`.execute(t.db);
    const tables = new Map(rows.map((row) => [row.table, row]));
    const planned = [...CO_LOCATED.map((entry) => entry.table), ...Object.keys(NOT_DISTRIBUTED_BY_DOCUMENT), ...REFERENCE_TABLES];
    for (const table of planned) assert.ok(tables.has(table), `the plan names ${table}, which the schema does not have`);
    const unplanned = rows.filter((row) => row.names_document && !planned.includes(row.table)).map((row) => row.table);
    assert.deepEqual(unplanned, [], 'tables that name a document but are not in the distribution plan');
    const keyless = CO_LOCATED.filter(({ table, documentColumn }) => !tables.get(table)!.primary_key.includes(documentColumn)).map(({ table }) => table);
    assert.deepEqual(keyless, [], 'co-located tables without the document in their primary key');

    const column = new Map(CO_LOCATED.map((entry) => [entry.table, entry.documentColumn]));
    // Unique indexes (and constraints) of co-located tables, with their columns (an expression: none).
    const { rows: uniques } = await sql<{ table: string; index: string; columns: string[] }>`
      select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as index,
        array(select a.attname::text from unnest(i.indkey) as k(attnum) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns
      from pg_index i join pg_class c on c.oid = i.indrelid
      where i.indisunique and c.relnamespace = current_schema()::regnamespace`.execute(t.db);
    const withoutDocument = uniques.filter((u) => column.has(u.table) && !u.columns.includes(column.get(u.table)!)).map((u) => u.index);
    assert.deepEqual(withoutDocument.sort(), Object.keys(UNIQUE_WITHOUT_DOCUMENT).sort(), "unique indexes of co-located tables without the document's column, against the plan");
    // A co-located table's foreign key to another co-located table than documents (a link's rows to their link, a
    // visit's slide times to their visit) goes through the document's column on both sides.
    const { rows: foreign } = await sql<{ table: string; references: string; name: string; columns: string[]; referenced: string[] }>`
      select f.conrelid::regclass::text as table, f.confrelid::regclass::text as references, f.conname as name,
        array(select a.attname::text from unnest(f.conkey) as k(attnum) join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum) as columns,
        array(select a.attname::text from unnest(f.confkey) as k(attnum) join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum) as referenced
      from pg_constraint f where f.contype = 'f' and f.connamespace = current_schema()::regnamespace`.execute(t.db);
    const between = foreign.filter((f) => column.has(f.table) && column.has(f.references) && f.references !== 'documents');
    assert.ok(between.some((f) => f.table === 'link_slide_times'), "the slide times' foreign key to their visit is among those checked");
    const crossing = between.filter((f) => !f.columns.includes(column.get(f.table)!) || !f.referenced.includes(column.get(f.references)!)).map((f) => f.name);
    assert.deepEqual(crossing, [], "foreign keys between co-located tables that do not go through the document's column");
  });

  test('no statement of a hot route reads or writes rows of two documents', async () => {
    const doc = await t.db.selectFrom('documents').select('id').where('oid', '=', D.quarterlyReview).executeTakeFirstOrThrow();
    const alice = await clientAs(t.app, 'alice');
    const visitor = await clientAs(t.app, null);
    const bob = await t.db.selectFrom('collaborators').select('email').where('document_id', '=', doc.id).where('user_id', 'is not', null).executeTakeFirstOrThrow();
    const routes: Array<HotRoute & { anonymous?: true }> = [
      ...hotRoutes(D.quarterlyReview, bob.email),
      { name: 'PUT share permission (invite)', requests: [{ method: 'PUT', path: `/api/v1/share/${D.quarterlyReview}/permissions/`, body: { email: 'new.person@example.com', permission: 'viewer' } }] },
      // The view page's first view, for a deck that goes viral.
      { name: 'GET document, signed out', requests: [{ method: 'GET', path: `/api/v4/presentation/${D.quarterlyReview}/` }], anonymous: true },
    ];
    // Rows of alice's on other documents than the one asked about (the demo data has her links and likes on it alone),
    // so a statement reading what she holds elsewhere answers differently below.
    const elsewhere = async () => {
      const others = await t.db.selectFrom('documents').select('id').where('oid', 'in', [D.classicDeck, D.franksPitch]).execute();
      const users = await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
      const classic = await t.db.selectFrom('documents').select('id').where('oid', '=', D.classicDeck).executeTakeFirstOrThrow();
      await t.db.insertInto('view_links').values({ link_id: newViewLinkId(), document_id: classic.id, owner_id: users.id, name: 'Elsewhere', visible_on_analytics: false, viewer_identification: false }).execute();
      await t.db.insertInto('likes').values(others.map((other) => ({ document_id: other.id, user_id: users.id }))).execute();
    };
    await elsewhere();
    const sent: Array<{ route: string; statements: ObservedQuery[] }> = [];
    for (const { name, requests, anonymous } of routes) {
      // Nothing from memory: every statement the route can send is sent.
      readCacheOf(t.db)?.flush();
      counter.reset();
      for (const { method, path, body } of requests) {
        const res = await (anonymous ? visitor : alice).request(method, path, { body });
        assert.ok(res.status < 300, `${name}: ${res.status}`);
      }
      sent.push({ route: name, statements: counter.statements.filter((statement) => /^\s*(select|insert|update|delete|with)\b/i.test(statement.sql)) });
    }
    // A statement stands on one document's rows when it answers the same with every other document gone (their
    // document-scoped rows go with them), both runs in a transaction rolled back, on the data as the routes left it
    // (alice's session still there; a write sent again that collides with its first run is refused in both); the
    // demo data gives bob and the teams rows on several documents, and alice gets some below, so a statement that
    // reads or writes another document's rows answers differently.
    // Sequences are not rolled back: each run starts them where the first found them, so a new row's id is the same.
    const answer = (statement: ObservedQuery, only: number | null, sequences: Array<{ name: string; value: string | null }>) =>
      t.db.connection().execute(async (connection) => {
        await sql`select setval(name::regclass, coalesce(value, 1), value is not null) from unnest(${sequences.map((s) => s.name)}::text[], ${sequences.map((s) => s.value)}::bigint[]) as q(name, value)`.execute(connection);
        await sql`begin`.execute(connection);
        try {
          if (only !== null) {
            await sql`delete from sharing_activity where document_id <> ${only}`.execute(connection);
            await sql`delete from documents where id <> ${only}`.execute(connection);
          }
          const { rows } = await connection.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
          return rows.map((row) => JSON.stringify(row)).sort();
        } catch (err) {
          return [`refused: ${(err as { code?: string }).code ?? String(err)}`];
        } finally {
          await sql`rollback`.execute(connection);
        }
      });
    const crossing: string[] = [];
    for (const { route, statements } of sent) {
      const { rows: sequences } = await sql<{ name: string; value: string | null }>`
        select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as value from pg_sequences where schemaname = current_schema()`.execute(t.db);
      for (const statement of statements) {
        if (JSON.stringify(await answer(statement, null, sequences)) !== JSON.stringify(await answer(statement, doc.id, sequences))) crossing.push(`${route}: ${statement.sql}`);
      }
    }
    const listed = (line: string) => CROSS_DOCUMENT_STATEMENTS.some((entry) => line.startsWith(`${entry.route}: `) && entry.statement.test(line));
    assert.deepEqual(crossing.filter((line) => !listed(line)), [], 'statements that read or write another document\'s rows, not in the plan');
    for (const entry of CROSS_DOCUMENT_STATEMENTS) {
      assert.ok(crossing.some((line) => line.startsWith(`${entry.route}: `) && entry.statement.test(line)), `the plan lists ${entry.route} as crossing documents (${entry.statement}), which it no longer does`);
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
