import { sql, type CompiledQuery } from 'kysely';
import { statementTemplate } from '../db/prepared-statements';
import type { Db } from './users';
import { readCacheOf } from '../db/read-cache';
import { likeTag } from './documents';
import { LIKE_COUNT_SLOTS } from '../db/schema';


const SLOT = { documentId: Number.MIN_SAFE_INTEGER, userId: Number.MIN_SAFE_INTEGER + 1, slot: Number.MIN_SAFE_INTEGER + 2 } as const;

/**
 * Adds or removes the user's like and moves the document's count by the rows that really changed, in ONE statement:
 * the like row changes in a data-modifying CTE and the user's count slot moves only if it did, so concurrent likes
 * (on any instance) never make the count drift from the likes table. Answers the count afterwards: the slots as
 * the statement found them plus its own change (a CTE's writes are not visible to its own statement); null when the
 * document is gone.
 */
function likeStatement(db: Db, liked: boolean): CompiledQuery {
  const change = liked
    ? sql`insert into likes (document_id, user_id) values (${SLOT.documentId}::int, ${SLOT.userId}::int) on conflict (document_id, user_id) do nothing returning 1`
    : sql`delete from likes where document_id = ${SLOT.documentId}::int and user_id = ${SLOT.userId}::int returning 1`;
  const delta = liked ? 1 : -1;
  return sql`
    with change as (${change}),
    counted as (
      insert into document_like_counts (document_id, slot, likes)
      select ${SLOT.documentId}::int, ${SLOT.slot}::int, ${sql.lit(delta)} from change
      on conflict (document_id, slot) do update set likes = document_like_counts.likes + ${sql.lit(delta)}
      returning 1
    )
    select case when exists (select 1 from documents where id = ${SLOT.documentId}::int) then
      (select coalesce(sum(likes), 0)::int from document_like_counts where document_id = ${SLOT.documentId}::int)
        + ${sql.lit(delta)} * (select count(*)::int from counted)
    end as likes_count
  `.compile(db);
}

const templates = new Map<boolean, ReturnType<typeof statementTemplate<typeof SLOT>>>();

export async function setLike(db: Db, documentId: number, userId: number, liked: boolean): Promise<number | null> {
  let template = templates.get(liked);
  if (!template) {
    template = statementTemplate(() => likeStatement(db, liked), SLOT);
    templates.set(liked, template);
  }
  const { rows } = await db.executeQuery<{ likes_count: number | null }>(template({ documentId, userId, slot: userId % LIKE_COUNT_SLOTS }));
  // A like sends no notice (migration 0017): this instance forgets the liker's own like and count at once; everyone
  // else's count, here as on every other instance, within COUNTERS_MAX_AGE_MS. Forgetting the document's counters
  // for everyone would send each view of a deck liked many times a second back to the database (docs/scaling.md).
  readCacheOf(db)?.forget([likeTag(documentId, userId)]);
  const count = rows[0]?.likes_count;
  return count === null || count === undefined ? null : Number(count);
}
