import { sql, type Kysely } from 'kysely';
import { READ_CACHE_CHANNEL_PREFIX } from '../read-cache-notices';
import { createAnnouncingTriggers, dropAnnouncingTriggers, type Watched } from '../read-cache-triggers';

/**
 * Every write that changes what a read decides on announces it, in the writing transaction itself
 * (docs/decisions.md, *How a request reads the database*): statement-level triggers on the tables a
 * session's user and a document's permission context are read from send one `pg_notify` per statement,
 * naming what changed as tags: `s:<session hash>`, `u:<user>` (the row), `t:<team>` (its rules, or a grant of
 * it), `d:<document>` (its facts), `m:<document>:<user>` (a membership), `g:<document>:<team>` (a team grant),
 * `k:<document>` (its live-link count), `o:<user>` (the user's own live-link count), `*` (everything).
 * The notice goes out only if the transaction commits, so no instance drops its memory for a change that
 * never happened, and no change commits unannounced, whatever code path (or hand-run SQL) made it.
 *
 * Every notice carries a number from `read_cache_notice_seq`, so a listener sees a gap. Likes and views send
 * none: they change no decision, and a committing NOTIFY takes a lock that serialises every notifying commit of
 * the cluster, which a busy document's likes would queue on (the counters' own rule: docs/decisions.md).
 */

/** The document's permission facts, without its counters (a like or a view changes no decision). */
const FACTS = (alias: string) => `(to_jsonb(${alias}) - 'likes_count' - 'view_count')`;

/**
 * An update of a document is announced only when its facts change: a row trigger whose WHEN condition PostgreSQL
 * evaluates before calling anything, so a like or a view (which moves only a counter, on the hottest row) costs no
 * trigger call at all; a statement trigger would capture every updated row for its transition table first. A move
 * to or from the trash also changes the live-link count of everyone holding a link to it (documents.ts,
 * own_live_links).
 */
const documentFactsTrigger = [
  `create function read_cache_documents_update() returns trigger language plpgsql as $$
  begin
    perform read_cache_notice(array['d:' || new.id] || case when new.deleted_at is distinct from old.deleted_at
      then array(select distinct 'o:' || owner_id from view_links where document_id = new.id) else '{}'::text[] end);
    return null;
  end $$`,
  `create trigger read_cache_documents_update after update on documents for each row
   when (${FACTS('old')} is distinct from ${FACTS('new')}) execute function read_cache_documents_update()`,
];

export const WATCHED: Watched[] = [
  { table: 'sessions', events: ['update', 'delete'], tags: (r) => `select 's:' || id_hash from ${r}` },
  { table: 'users', events: ['update', 'delete'], tags: (r) => `select 'u:' || id from ${r}` },
  { table: 'teams', events: ['update', 'delete'], tags: (r) => `select 't:' || id from ${r}` },
  // Updates of documents are announced by a row trigger of their own (documentFactsTrigger).
  { table: 'documents', events: ['delete'], tags: (r) => `select 'd:' || id from ${r}` },
  // A collaborator row is one user's membership: it changes that user's context on the document alone, and
  // (an editor manages links) that user's own live-link count.
  {
    table: 'collaborators',
    events: ['insert', 'update', 'delete'],
    tags: (r) => `select 'm:' || document_id || ':' || user_id from ${r} where user_id is not null union select 'o:' || user_id from ${r} where user_id is not null`,
  },
  // A team grant changes the team's members' contexts on the document, and their own live-link counts.
  {
    table: 'document_team_permissions',
    events: ['insert', 'update', 'delete'],
    tags: (r) => `select 'g:' || document_id || ':' || team_id from ${r} union select 't:' || team_id from ${r}`,
  },
  // A link changes the document's live-link count and its holder's own count.
  {
    table: 'view_links',
    events: ['insert', 'update', 'delete'],
    tags: (r) => `select 'k:' || document_id from ${r} union select 'o:' || owner_id from ${r}`,
  },
  { table: 'feature_switches', events: ['insert', 'update', 'delete'], tags: (r) => `select '*' from ${r}` },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence read_cache_notice_seq`.execute(db);
  // One notice per statement and class; past 100 rows or tags (a bulk change) the notice says "everything"
  // instead, which keeps it far under pg_notify's 8000-byte payload limit.
  await sql
    .raw(
      `create function read_cache_notice(tags text[]) returns void language plpgsql as $$
      begin
        if tags is null or cardinality(tags) = 0 then return; end if;
        if cardinality(tags) > 100 then tags := array['*']; end if;
        perform pg_notify('${READ_CACHE_CHANNEL_PREFIX}' || current_schema(),
          json_build_object('n', nextval('read_cache_notice_seq'), 't', tags)::text);
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create function read_cache_truncate() returns trigger language plpgsql as $$ begin perform read_cache_notice(array['*']); return null; end $$`)
    .execute(db);
  for (const watched of WATCHED) await createAnnouncingTriggers(db, watched);
  for (const statement of documentFactsTrigger) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists read_cache_documents_update on documents`.execute(db);
  await sql`drop function if exists read_cache_documents_update()`.execute(db);
  for (const watched of WATCHED) await dropAnnouncingTriggers(db, watched);
  await sql`drop function if exists read_cache_truncate()`.execute(db);
  await sql`drop function if exists read_cache_notice(text[])`.execute(db);
  await sql`drop sequence if exists read_cache_notice_seq`.execute(db);
}
