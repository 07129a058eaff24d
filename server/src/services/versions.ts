import { sql } from 'kysely';
import type { DocumentRow } from '../db/schema';
import type { Db } from './users';

type VersionedFields = Pick<DocumentRow, 'id' | 'title' | 'description' | 'tags'>;

function tagsJson(tags: DocumentRow['tags']): string {
  return JSON.stringify(Array.isArray(tags) ? tags : []);
}

/** The latest version number of a document (0: none recorded yet). */
export async function latestVersion(db: Db, documentId: number): Promise<number> {
  const row = await db
    .selectFrom('document_versions')
    .select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.v);
}

/**
 * Records the document's state after a change of title, description or tags as its next version. A
 * document that has no version yet (the seed's, or one made before versions existed) first gets its
 * state before the change as version 1, so the change can be reverted. Run inside the change's
 * transaction, with the document row locked.
 */
export async function recordVersion(
  trx: Db,
  before: VersionedFields,
  after: Pick<DocumentRow, 'title' | 'description' | 'tags'>,
  userId: number,
  now: Date,
): Promise<number> {
  let version = await latestVersion(trx, before.id);
  if (version === 0) {
    version = 1;
    await trx
      .insertInto('document_versions')
      .values({ document_id: before.id, version, title: before.title, description: before.description, tags: tagsJson(before.tags), created_by: null, created_at: now })
      .execute();
  }
  version += 1;
  await trx
    .insertInto('document_versions')
    .values({ document_id: before.id, version, title: after.title, description: after.description, tags: tagsJson(after.tags), created_by: userId, created_at: now })
    .execute();
  return version;
}

/** Version 1 of a new document. */
export async function recordFirstVersion(trx: Db, doc: VersionedFields, userId: number, now: Date): Promise<void> {
  await trx
    .insertInto('document_versions')
    .values({ document_id: doc.id, version: 1, title: doc.title, description: doc.description, tags: tagsJson(doc.tags), created_by: userId, created_at: now })
    .execute();
}
