import { sql, type Kysely } from 'kysely';

/** Trash: a document moved to the trash keeps its rows and gets deleted_at; every route but the trash ones ignores it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('deleted_at', 'timestamptz').execute();
  await sql`create index documents_trash_idx on documents (owner_id) where deleted_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_trash_idx').ifExists().execute();
  await db.schema.alterTable('documents').dropColumn('deleted_at').execute();
}
