import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';


/** A document's like count as a column of a statement over `documents as <alias>`: the sum of its slots. */
export const likeCountOf = (alias: string) =>
  sql<number>`(select coalesce(sum(lc.likes), 0)::int from document_like_counts lc where lc.document_id = ${sql.ref(`${alias}.id`)})`;

/** A document's like count by its oid (0 for none): the sum of its slots. */
export async function documentLikeCount(db: Kysely<DB>, oid: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select ${likeCountOf('d')} as n from documents d where d.oid = ${oid}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
