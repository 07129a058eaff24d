import { sql, type Kysely } from 'kysely';

/**
 * The hot statements run from generic plans (prepared-statements.ts), which the planner makes without the values:
 * it then expects each document to have the average number of collaborators, reltuples / n_distinct. One shared
 * document with 10,000 collaborators in a small database (the demo data and the benchmark's long share list) makes
 * that average thousands, and the share list's count a sequential scan of the whole table. Documents have about ten
 * collaborators each on average (the million-row scale data has ten): said here once, so the estimate no longer
 * follows the one outlier. Plans made with the values (anything not prepared) still use the real statistics.
 */
export const COLLABORATORS_PER_DOCUMENT_N_DISTINCT = -0.1;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table collaborators alter column document_id set (n_distinct = ${COLLABORATORS_PER_DOCUMENT_N_DISTINCT})`).execute(db);
  // The setting takes effect at the next ANALYZE.
  await sql`analyze collaborators`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table collaborators alter column document_id reset (n_distinct)`.execute(db);
  await sql`analyze collaborators`.execute(db);
}
