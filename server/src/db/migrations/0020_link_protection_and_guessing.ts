import { sql, type Kysely } from 'kysely';

/**
 * Protected links that protect, and guessing limits that hold (docs/decisions.md, *Protected trackable links*):
 *
 * - `documents.link_protected`: whether the document has a live trackable link with a passcode, an expiry date or an
 *   allow list. While it has one, the document opens by its own address only for people with a grant
 *   (server/src/permissions/document-address.ts). A trigger on `view_links` keeps it, so no code path can forget it;
 *   being a fact of the document's row, its change is announced to every instance's read cache like any other
 *   (`d:<document>`, migration 0017) and every read of the row carries it.
 * - `link_unlock_rate_limits`: per link and per client, the passcode or code attempts and when the next one may
 *   come (services/link-attempts.ts), reserved by one atomic statement before the slow compare.
 * - `link_verifications.nonce`: the code of a live verification is derived from it and the server's secret, so
 *   asking again re-sends the same code instead of replacing it (services/link-codes.ts); one row per link and
 *   address.
 */

/** A live trackable link with a protection, over the row `alias` (view_links). */
const PROTECTED = (alias: string) =>
  `(not ${alias}.revoked and not ${alias}.is_unlisted and (${alias}.passcode_hash is not null or ${alias}.expires_at is not null or cardinality(${alias}.allowed_viewers) > 0))`;

const triggers = [
  // Locks the document's row first, then reads the links in a statement of its own (a fresh snapshot under READ
  // COMMITTED): two transactions changing links of one document decide one after the other, never on each other's
  // uncommitted state.
  `create function documents_link_protection() returns trigger language plpgsql as $$
  declare
    doc integer;
  begin
    for doc in select distinct x from unnest(array[
      case when tg_op <> 'INSERT' then old.document_id end,
      case when tg_op <> 'DELETE' then new.document_id end]) as x where x is not null loop
      perform 1 from documents where id = doc for update;
      update documents d set link_protected = p.protected
        from (select exists (select 1 from view_links l where l.document_id = doc and ${PROTECTED('l')}) as protected) as p
        where d.id = doc and d.link_protected is distinct from p.protected;
    end loop;
    return null;
  end $$`,
  `create trigger documents_link_protection_insert after insert on view_links for each row
   when ${PROTECTED('new')} execute function documents_link_protection()`,
  `create trigger documents_link_protection_delete after delete on view_links for each row
   when ${PROTECTED('old')} execute function documents_link_protection()`,
  `create trigger documents_link_protection_update after update on view_links for each row
   when (${PROTECTED('old')} is distinct from ${PROTECTED('new')} or old.document_id is distinct from new.document_id)
   execute function documents_link_protection()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column link_protected boolean not null default false`.execute(db);
  await sql.raw(`update documents d set link_protected = true where exists (select 1 from view_links l where l.document_id = d.id and ${PROTECTED('l')})`).execute(db);
  for (const statement of triggers) await sql.raw(statement).execute(db);

  await sql`
    create table link_unlock_rate_limits (
      view_link_id integer not null references view_links (id) on delete cascade,
      kind text not null check (kind in ('passcode', 'code')),
      client_key text not null,
      attempts integer not null,
      next_attempt_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (view_link_id, kind, client_key)
    )`.execute(db);
  await sql`create index link_unlock_rate_limits_expiry_idx on link_unlock_rate_limits (expires_at)`.execute(db);

  await sql`alter table link_verifications add column nonce text`.execute(db);
  // One verification per link and address (asking again keeps it): earlier duplicates were never kept (they were replaced).
  await sql`delete from link_verifications a using link_verifications b where a.view_link_id = b.view_link_id and a.email = b.email and a.id < b.id`.execute(db);
  await sql`drop index link_verifications_link_email_idx`.execute(db);
  await sql`create unique index link_verifications_link_email_idx on link_verifications (view_link_id, email)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index link_verifications_link_email_idx`.execute(db);
  await sql`create index link_verifications_link_email_idx on link_verifications (view_link_id, email)`.execute(db);
  await sql`alter table link_verifications drop column nonce`.execute(db);
  await sql`drop table link_unlock_rate_limits`.execute(db);
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger documents_link_protection_${event} on view_links`).execute(db);
  await sql`drop function documents_link_protection()`.execute(db);
  await sql`alter table documents drop column link_protected`.execute(db);
}
