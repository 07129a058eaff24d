import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { Db } from '../services/users';

/** What a link's PDF draws of its document: the slides' words (shell's slide renderer) and how many pages. */
export function documentForPdf(db: Db, documentId: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .select(['d.title', 'd.description', 'd.page_count', 'o.first_name', 'o.last_name'])
    .where('d.id', '=', documentId)
    .executeTakeFirstOrThrow();
}

export async function insertDownload(db: Db, row: Insertable<DB['link_downloads']>): Promise<void> {
  await db.insertInto('link_downloads').values(row).execute();
}

/** How many PDFs the link handed out. */
export async function countDownloads(db: Db, viewLinkId: number): Promise<number> {
  const row = await db.selectFrom('link_downloads').select((eb) => eb.fn.countAll<string>().as('n')).where('view_link_id', '=', viewLinkId).executeTakeFirst();
  return Number(row?.n ?? 0);
}
