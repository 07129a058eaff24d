import { sql, type Kysely } from 'kysely';

/** Curated topics of the public gallery (spec §7 curated-topic); curated documents name one of them. */
export const CURATED_TOPICS: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: 'business', name: 'Business' },
  { slug: 'education', name: 'Education' },
  { slug: 'marketing', name: 'Marketing' },
  { slug: 'design', name: 'Design' },
  { slug: 'technology', name: 'Technology' },
];

/**
 * The rest of the Presentation API:
 * - `document_versions`: snapshots of title, description and tags, so POST …/revert/ has versions to go back to;
 * - `document_creations`: which body made which document, so a repeated create answers 304 (spec §8);
 * - `document_relations`: parent/child links between documents (a copy and its original);
 * - `curated_topics` and `curated_content`: the gallery's topics and the documents curated into them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('document_versions_document_version_key', ['document_id', 'version'])
    .execute();

  await db.schema
    .createTable('document_creations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_creations_user_body_idx').on('document_creations').columns(['user_id', 'body_hash', 'created_at']).execute();
  await db.schema.createIndex('document_creations_document_idx').on('document_creations').column('document_id').execute();

  await db.schema
    .createTable('document_relations')
    .addColumn('parent_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('child_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_relations_pkey', ['parent_id', 'child_id'])
    .addCheckConstraint('document_relations_not_self', sql`parent_id <> child_id`)
    .execute();
  await db.schema.createIndex('document_relations_child_idx').on('document_relations').column('child_id').execute();

  await db.schema
    .createTable('curated_topics')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('curated_topics').values([...CURATED_TOPICS]).execute();

  await db.schema
    .createTable('curated_content')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull().references('curated_topics.slug'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('curated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('curated_content_topic_idx').on('curated_content').column('topic').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['curated_content', 'curated_topics', 'document_relations', 'document_creations', 'document_versions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
