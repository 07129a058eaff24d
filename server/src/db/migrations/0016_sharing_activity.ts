import { sql, type Kysely } from 'kysely';

/**
 * The sharing activity log (docs/api.md, *Sharing activity*): one row per sharing change, written in the
 * change's own transaction. No foreign keys: the log outlives the document, folder or account it names.
 * Append-only in the database itself: a trigger refuses every UPDATE, and every DELETE except the retention
 * service's, which marks its transaction with `deck.activity_retention` (services/retention.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sharing_activity (
      id bigserial primary key,
      created_at timestamptz not null default now(),
      document_id integer,
      folder_id integer,
      team_id integer,
      actor_id integer,
      action text not null,
      subject text,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`create index sharing_activity_document on sharing_activity (document_id, id) where document_id is not null`.execute(db);
  await sql`create index sharing_activity_folder on sharing_activity (folder_id, id) where folder_id is not null`.execute(db);
  await sql`create index sharing_activity_team on sharing_activity (team_id, id) where team_id is not null`.execute(db);
  await sql`create index sharing_activity_created on sharing_activity (created_at)`.execute(db);
  await sql`
    create function sharing_activity_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and coalesce(current_setting('deck.activity_retention', true), '') = 'on' then
        return old;
      end if;
      raise exception 'sharing_activity is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`
    create trigger sharing_activity_append_only before update or delete on sharing_activity
    for each row execute function sharing_activity_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sharing_activity`.execute(db);
  await sql`drop function sharing_activity_append_only()`.execute(db);
}
