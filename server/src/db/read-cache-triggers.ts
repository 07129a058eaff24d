import { sql, type Kysely } from 'kysely';

/**
 * The statement-level triggers that announce a table's changes to every instance's read cache (migrations 0017 and
 * 0018; docs/decisions.md, *How a request reads the database*): one `read_cache_notice(tags)` per statement,
 * naming what the changed rows hold as tags; past 100 rows, "everything".
 */

/** A query over a transition table (`rows`) giving tag rows. */
type TagQuery = (rows: 'new_rows' | 'old_rows') => string;

export interface Watched {
  table: string;
  /** Which statements announce (an inserted session or user is in nobody's memory yet). */
  events: Array<'insert' | 'update' | 'delete'>;
  tags: TagQuery;
  /**
   * The tags of an update, over both transition tables, when only some changes matter (else the tags of the rows
   * before and after).
   */
  updateTags?: string;
}

const TRANSITION = { insert: 'new table as new_rows', update: 'new table as new_rows old table as old_rows', delete: 'old table as old_rows' } as const;

function tagQueryFor(watched: Watched, event: 'insert' | 'update' | 'delete'): string {
  if (event === 'insert') return watched.tags('new_rows');
  if (event === 'delete') return watched.tags('old_rows');
  return watched.updateTags ?? `${watched.tags('new_rows')} union ${watched.tags('old_rows')}`;
}

const functionName = (watched: Watched, event: string) => `read_cache_${watched.table}_${event}`;

/** Creates (or replaces) the table's announcing triggers, and one for TRUNCATE (which names no rows: everything). */
export async function createAnnouncingTriggers(db: Kysely<any>, watched: Watched): Promise<void> {
  for (const event of watched.events) {
    const name = functionName(watched, event);
    await sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$
        declare
          tags text[];
        begin
          -- A bulk change (seeding, a sweep) is announced as "everything" without naming its rows one by one.
          if (select count(*) from (select 1 from ${event === 'delete' ? 'old_rows' : 'new_rows'} limit 101) as bulk) > 100 then
            perform read_cache_notice(array['*']);
            return null;
          end if;
          select array_agg(distinct tag) into tags from (${tagQueryFor(watched, event)}) as q(tag) where tag is not null;
          perform read_cache_notice(tags);
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`drop trigger if exists ${name} on ${watched.table}`).execute(db);
    await sql
      .raw(`create trigger ${name} after ${event} on ${watched.table} referencing ${TRANSITION[event]} for each statement execute function ${name}()`)
      .execute(db);
  }
  await sql.raw(`drop trigger if exists ${functionName(watched, 'truncate')} on ${watched.table}`).execute(db);
  await sql
    .raw(`create trigger ${functionName(watched, 'truncate')} after truncate on ${watched.table} for each statement execute function read_cache_truncate()`)
    .execute(db);
}

export async function dropAnnouncingTriggers(db: Kysely<any>, watched: Watched): Promise<void> {
  for (const event of [...watched.events, 'truncate']) await sql.raw(`drop trigger if exists ${functionName(watched, event)} on ${watched.table}`).execute(db);
  for (const event of watched.events) await sql.raw(`drop function if exists ${functionName(watched, event)}()`).execute(db);
}
