import { sql, type Kysely } from 'kysely';

/**
 * Verified viewers and block lists (docs/decisions.md, *Verified viewers and block lists*):
 *
 * - `view_links.require_verification`: the visitor proves their address with the e-mailed code before the link
 *   opens, with or without an allow list.
 * - `view_links.blocked_viewers` and `teams.blocked_viewers`: addresses and `*@domain` patterns (stored as the allow
 *   list's, normalizeAllowListEntry) refused after verification, per link and for every trackable link of the team.
 * - A link that asks for a verified address (either column set) is protected like one with an allow list: the
 *   trigger of migration 0020 counts it, so the document's own address does not open around it.
 */

const PROTECTED = (alias: string, withViewers: boolean) =>
  `(not ${alias}.revoked and not ${alias}.is_unlisted and (${alias}.passcode_hash is not null or ${alias}.expires_at is not null or cardinality(${alias}.allowed_viewers) > 0${
    withViewers ? ` or ${alias}.require_verification or cardinality(${alias}.blocked_viewers) > 0` : ''
  }))`;

function protectionTriggers(withViewers: boolean): string[] {
  return [
    `create or replace function documents_link_protection() returns trigger language plpgsql as $$
  declare
    doc integer;
  begin
    for doc in select distinct x from unnest(array[
      case when tg_op <> 'INSERT' then old.document_id end,
      case when tg_op <> 'DELETE' then new.document_id end]) as x where x is not null loop
      perform 1 from documents where id = doc for update;
      update documents d set link_protected = p.protected
        from (select exists (select 1 from view_links l where l.document_id = doc and ${PROTECTED('l', withViewers)}) as protected) as p
        where d.id = doc and d.link_protected is distinct from p.protected;
    end loop;
    return null;
  end $$`,
    ...['insert', 'delete', 'update'].map((event) => `drop trigger documents_link_protection_${event} on view_links`),
    `create trigger documents_link_protection_insert after insert on view_links for each row
   when ${PROTECTED('new', withViewers)} execute function documents_link_protection()`,
    `create trigger documents_link_protection_delete after delete on view_links for each row
   when ${PROTECTED('old', withViewers)} execute function documents_link_protection()`,
    `create trigger documents_link_protection_update after update on view_links for each row
   when (${PROTECTED('old', withViewers)} is distinct from ${PROTECTED('new', withViewers)} or old.document_id is distinct from new.document_id)
   execute function documents_link_protection()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table view_links add column require_verification boolean not null default false`.execute(db);
  await sql`alter table view_links add column blocked_viewers text[] not null default '{}'::text[]`.execute(db);
  await sql`alter table teams add column blocked_viewers text[] not null default '{}'::text[]`.execute(db);
  for (const statement of protectionTriggers(true)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of protectionTriggers(false)) await sql.raw(statement).execute(db);
  await sql.raw(`update documents d set link_protected = exists (select 1 from view_links l where l.document_id = d.id and ${PROTECTED('l', false)})`).execute(db);
  await sql`alter table teams drop column blocked_viewers`.execute(db);
  await sql`alter table view_links drop column blocked_viewers`.execute(db);
  await sql`alter table view_links drop column require_verification`.execute(db);
}
