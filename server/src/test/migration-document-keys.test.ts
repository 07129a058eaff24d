import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrateToLatest, type Database } from '../db/database';
import { migrationProvider } from '../db/migrations';
import { closeTestDatabases, createTestDatabase } from '../testing/harness';

after(closeTestDatabases);

/** A view link's own rows, and the column that names their link (or, for slide times, their visit). */
const LINK_ROWS = [
  { table: 'view_link_visits', parent: 'view_links', ref: 'view_link_id' },
  { table: 'link_downloads', parent: 'view_links', ref: 'view_link_id' },
  { table: 'link_verifications', parent: 'view_links', ref: 'view_link_id' },
  { table: 'link_open_notices', parent: 'view_links', ref: 'view_link_id' },
  { table: 'link_unlock_rate_limits', parent: 'view_links', ref: 'view_link_id' },
  { table: 'link_slide_times', parent: 'view_link_visits', ref: 'visit_id' },
] as const;

const TABLES = ['collaborators', 'view_links', 'access_requests', 'document_versions', 'document_creations', ...LINK_ROWS.map((r) => r.table)];

/** Rows of every table whose key the migration changes, for every demo link, as the schema before it takes them. */
async function addRowsBefore(db: Database): Promise<void> {
  await sql`insert into view_link_visits (view_link_id, session_id) select id, 'open-' || id from view_links`.execute(db);
  await sql`insert into link_slide_times (visit_id, slide, ms) select id, s, 1000 from view_link_visits, generate_series(0, 2) s`.execute(db);
  await sql`insert into link_downloads (view_link_id, downloaded_at) select id, now() from view_links`.execute(db);
  await sql`insert into link_open_notices (view_link_id, visitor, noticed_at) select id, 'email:v@example.com', now() from view_links`.execute(db);
  await sql`insert into link_unlock_rate_limits (view_link_id, kind, client_key, attempts, next_attempt_at, expires_at)
    select id, 'passcode', 'ip:203.0.113.1', 1, now(), now() + interval '1 hour' from view_links`.execute(db);
  await sql`insert into link_verifications (view_link_id, email, code_hash, expires_at, created_at)
    select id, 'v@example.com', 'hash', now() + interval '1 hour', now() from view_links`.execute(db);
  await sql`insert into access_requests (document_id, requester_id, created_at) select d.id, u.id, now() from documents d join users u on u.id <> d.owner_id`.execute(db);
  await sql`insert into document_versions (document_id, version, title, description, created_at) select id, 1, title, description, now() from documents`.execute(db);
  await sql`insert into document_creations (user_id, body_hash, document_id, created_at) select owner_id, 'body', id, now() from documents`.execute(db);
}

async function counts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(TABLES.map(async (table) => [table, Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n)] as const));
  return Object.fromEntries(entries);
}

test("migration 0031: rows made before it keep their links, take their link's document and go with it", async () => {
  const tdb = await createTestDatabase();
  try {
    const migrator = new Migrator({ db: tdb.db, provider: migrationProvider, migrationTableSchema: tdb.schema });
    const down = await migrator.migrateTo('0030_live_link_notices');
    assert.equal(down.error, undefined);
    await addRowsBefore(tdb.db);
    const before = await counts(tdb.db);
    for (const table of TABLES) assert.ok(before[table] > 0, `${table} has rows`);

    await migrateToLatest(tdb.db, tdb.schema);
    assert.deepEqual(await counts(tdb.db), before, 'every row is kept');
    for (const { table, parent, ref } of LINK_ROWS) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} t join ${sql.table(parent)} p on p.id = t.${sql.ref(ref)} where t.document_id = p.document_id`.execute(tdb.db);
      assert.equal(Number(rows[0].n), before[table], `every row of ${table} carries its ${parent === 'view_links' ? 'link' : 'visit'}'s document`);
    }

    // Deleted with their link, through the new foreign keys; a document takes its links' rows along.
    const [first, second] = await tdb.db.selectFrom('view_links').select(['id', 'document_id']).orderBy('id').limit(2).execute();
    await tdb.db.deleteFrom('view_links').where('id', '=', first.id).execute();
    for (const { table, ref } of LINK_ROWS.filter((r) => r.parent === 'view_links')) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(ref)} = ${first.id}`.execute(tdb.db);
      assert.equal(Number(rows[0].n), 0, `${table} lost the deleted link's rows`);
    }
    await tdb.db.deleteFrom('documents').where('id', '=', second.document_id).execute();
    for (const { table } of LINK_ROWS) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where document_id = ${second.document_id}`.execute(tdb.db);
      assert.equal(Number(rows[0].n), 0, `${table} lost the deleted document's rows`);
    }
    // A link's row for another document than its link's is refused.
    const link = await tdb.db.selectFrom('view_links').select(['id', 'document_id']).executeTakeFirstOrThrow();
    const other = await tdb.db.selectFrom('documents').select('id').where('id', '<>', link.document_id).executeTakeFirstOrThrow();
    await assert.rejects(
      tdb.db.insertInto('link_downloads').values({ document_id: other.id, view_link_id: link.id, downloaded_at: new Date() }).execute(),
      (err: { code?: string }) => err.code === '23503',
    );

    // And back: the rows survive the way down and up again.
    const kept = await counts(tdb.db);
    const again = await migrator.migrateTo('0030_live_link_notices');
    assert.equal(again.error, undefined);
    assert.deepEqual(await counts(tdb.db), kept);
    await migrateToLatest(tdb.db, tdb.schema);
    assert.deepEqual(await counts(tdb.db), kept);
  } finally {
    await tdb.cleanup();
  }
});
