import { insertDownload } from '../repositories/link-downloads';
import { recordSharingChange } from './activity-log';
import type { Db } from './users';

/**
 * A PDF of a link handed out, told to its owner twice in one transaction: a row of the link's downloads (the
 * analytics' count) and an entry of the document's sharing activity, beside the link's other events. The entry
 * names the link (its name, never its id) and the viewer as the watermark does; its actor is the signed-in
 * visitor, or none.
 */
export async function recordLinkDownload(
  db: Db,
  link: { id: number; document_id: number; name: string },
  download: { viewer: string | null; email: string | null; name: string | null; actorId: number | null; at: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertDownload(trx, { document_id: link.document_id, view_link_id: link.id, downloaded_at: download.at, viewer_email: download.email, viewer_name: download.name });
    await recordSharingChange(trx, {
      action: 'link_downloaded',
      actorId: download.actorId,
      at: download.at,
      documentId: link.document_id,
      subject: link.name,
      after: { viewer: download.viewer },
    });
  });
}
