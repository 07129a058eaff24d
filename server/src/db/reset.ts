import { sql } from 'kysely';
import type { Database } from './database';
import { seedDemoData } from './seed';

/** Tables whose rows a migration writes (0009: the curated topics), not the seed: a reset keeps them. */
const MIGRATION_DATA_TABLES = ['curated_topics'];

/** Every table a reset empties: all of the schema's but Kysely's own and MIGRATION_DATA_TABLES (found, so a new table is included). */
async function dataTablesToEmpty(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\_%'`.execute(db);
  return rows.map((r) => r.name).filter((name) => !MIGRATION_DATA_TABLES.includes(name));
}

/** Whether this database lets the emptying skip triggers (session_replication_role needs a superuser): found once per pool. */
const replicaRoleAllowed = new WeakMap<Database, boolean>();

/**
 * Empties `tables` and restarts the sequences they own, in one transaction, announcing "everything" to the read
 * caches. TRUNCATE gives each table and index a new file and drops the old ones at commit, which on the test
 * suite's tiny tables cost about ten times the deletes themselves, and it is what test resets do all day. So the
 * rows are deleted with triggers and foreign-key checks off (`session_replication_role = replica`, every table
 * being emptied at once); where the role may not set that, TRUNCATE … CASCADE as before.
 */
async function emptyTables(db: Database, tables: readonly string[]): Promise<void> {
  if (replicaRoleAllowed.get(db) !== false) {
    try {
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`with ${sql.join(tables.map((table, i) => sql`${sql.id(`emptied_${i}`)} as (delete from ${sql.table(table)})`))} select 1`.execute(trx);
        await sql`
          select setval(d.objid::regclass, s.seqstart, false)
          from pg_depend d
          join pg_sequence s on s.seqrelid = d.objid
          join pg_class t on t.oid = d.refobjid
          where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
            and t.relnamespace = current_schema()::regnamespace and t.relname = any(${[...tables]}::text[])`.execute(trx);
        await sql`select read_cache_notice(array['*'])`.execute(trx);
      });
      replicaRoleAllowed.set(db, true);
      return;
    } catch (err) {
      // 42501: insufficient privilege (not a superuser).
      if ((err as { code?: string }).code !== '42501') throw err;
      replicaRoleAllowed.set(db, false);
    }
  }
  await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))} restart identity cascade`.execute(db);
}

/**
 * Empties every table and seeds the demo data again (the demo's and browser tests' reset, and every server test's
 * TestApp.reset): the state of a fresh, seeded database, bar the seed's random view tokens.
 */
export async function resetDemoData(db: Database): Promise<void> {
  await emptyTables(db, await dataTablesToEmpty(db));
  await seedDemoData(db);
}
