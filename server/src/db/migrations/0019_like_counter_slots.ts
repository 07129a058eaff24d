import { sql, type Kysely } from 'kysely';

/**
 * A document's like count is the sum of LIKE_COUNT_SLOTS rows of `document_like_counts` (services/likes.ts;
 * docs/decisions.md, *Likes*): each like moves the slot of its user, so people liking one busy document at once
 * wait on one sixteenth of each other instead of all queueing on the document's row until each commit is on disk.
 * The counts of today move into slot 0 (a seeded count has no like rows behind it, so it is not recounted).
 * `documents.likes_count` stays for the instances of the previous release during a rolling upgrade; nothing
 * writes or reads it any more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table document_like_counts (
      document_id integer not null references documents (id) on delete cascade,
      slot smallint not null,
      likes integer not null,
      primary key (document_id, slot)
    )`.execute(db);
  await sql`insert into document_like_counts (document_id, slot, likes) select id, 0, likes_count from documents where likes_count <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update documents d set likes_count = coalesce((select sum(likes) from document_like_counts c where c.document_id = d.id), 0)`.execute(db);
  await sql`drop table document_like_counts`.execute(db);
}
