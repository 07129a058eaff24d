import { sql } from 'kysely';
import { preparedStatement } from '../db/prepared-statements';
import type { Db } from './users';
import { readCacheOf } from '../db/read-cache';
import { counterTags } from './documents';

/**
 * Adds or removes the user's like and keeps documents.likes_count in step, in ONE statement: the like row
 * changes in a data-modifying CTE and the counter moves only by the rows that really changed, so concurrent
 * likes (on any instance) serialise on the document row and the count never drifts from the likes table.
 * Returns the document's like count afterwards (null when the document is gone).
 */
export async function setLike(db: Db, documentId: number, userId: number, liked: boolean): Promise<number | null> {
  const change = liked
    ? sql`insert into likes (document_id, user_id) values (${documentId}, ${userId}) on conflict (document_id, user_id) do nothing returning 1`
    : sql`delete from likes where document_id = ${documentId} and user_id = ${userId} returning 1`;
  const delta = liked ? 1 : -1;
  const statement = sql<{ likes_count: number | null }>`
    with change as (${change}),
    counted as (
      update documents set likes_count = greatest(likes_count + ${delta}, 0)
      where id = ${documentId} and exists (select 1 from change)
      returning likes_count
    )
    select coalesce((select likes_count from counted), (select likes_count from documents where id = ${documentId})) as likes_count
  `;
  const { rows } = await db.executeQuery(preparedStatement(statement.compile(db)));
  // A like sends no notice (migration 0017): this instance forgets the counters at once, others within their age.
  readCacheOf(db)?.forget(counterTags(documentId, userId));
  const count = rows[0]?.likes_count;
  return count === null || count === undefined ? null : Number(count);
}
