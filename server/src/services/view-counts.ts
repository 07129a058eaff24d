import { sql } from 'kysely';
import type { ViewCountResponse } from '@deck/shared/api/contract';
import type { ServerConfig } from '../config';
import type { DocumentRow } from '../db/schema';
import { countHit } from './rate-limits';
import type { Db } from './users';
import { readCacheOf } from '../db/read-cache';
import { counterTags } from './documents';

/**
 * Counts one view of a document the viewer may see: once per viewer (user, else client address) per document
 * per window; a repeat answers the unchanged count.
 */
export async function countView(db: Db, config: ServerConfig, viewer: string, doc: Pick<DocumentRow, 'id' | 'oid' | 'view_count'>): Promise<ViewCountResponse> {
  const { hits } = await countHit(db, `view:${doc.id}`, viewer, { max: 1, windowSeconds: config.viewCountWindowSeconds }, config.now());
  if (hits > 1) return { oid: doc.oid, view_count: doc.view_count };
  const row = await db
    .updateTable('documents')
    .set({ view_count: sql`view_count + 1` })
    .where('id', '=', doc.id)
    .returning(['oid', 'view_count'])
    .executeTakeFirstOrThrow();
  // A view sends no notice (migration 0017): this instance forgets the count at once, others within its age.
  readCacheOf(db)?.forget(counterTags(doc.id));
  return { oid: row.oid, view_count: row.view_count };
}
