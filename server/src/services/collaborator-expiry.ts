import { COLLABORATOR_EXPIRY_NOTICE_DAYS } from '@deck/shared/domains/view-links/link-controls';
import { enqueueEmail } from '../mail/outbox';
import { formatMailTime, renderAccessEndingEmail, toEmailLocale } from '../mail/render';
import type { Db } from './users';
import { grantEndTakesAway, levelAfterGrantEnds } from '../permissions/access-end';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes to the outbox the notice to each viewer or commenter whose access ends within
 * COLLABORATOR_EXPIRY_NOTICE_DAYS and who was not told yet; each grant is told once per end date (setting a new
 * one clears `expiry_notice_sent_at`). The access itself ends by the permission context's check on every request
 * (documents.ts), not by this sweep. `origin`: where the document's link points; null sends the notice without it.
 */
export async function sendAccessEndingNotices(db: Db, now: Date, origin: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('collaborators as c')
      .innerJoin('documents as d', 'd.id', 'c.document_id')
      .innerJoin('users as o', 'o.id', 'd.owner_id')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.email', 'c.permission', 'c.expires_at', 'd.oid', 'd.title', 'd.privacy', 'd.published', 'd.link_protected', 'o.first_name', 'o.last_name', 'u.locale', 'u.time_zone', 'o.locale as owner_locale', 'o.time_zone as owner_time_zone'])
      .where('c.expires_at', 'is not', null)
      .where('c.expiry_notice_sent_at', 'is', null)
      .where('c.permission', '!=', 'editor')
      .where('c.expires_at', '>', now)
      .where('c.expires_at', '<=', new Date(now.getTime() + COLLABORATOR_EXPIRY_NOTICE_DAYS * DAY_MS))
      .where('d.deleted_at', 'is', null)
      .forUpdate('c')
      .skipLocked()
      .execute();
    let sent = 0;
    for (const row of due) {
      // A viewer of a document anyone opens loses nothing at the end: no notice (one is sent if that changes first).
      if (!grantEndTakesAway(row.permission, row)) continue;
      // In the recipient's language and time zone, else the document owner's (likely the same), else English and UTC.
      const locale = toEmailLocale(row.locale) ?? toEmailLocale(row.owner_locale) ?? 'en';
      const zone = row.time_zone ?? row.owner_time_zone ?? 'UTC';
      const mail = renderAccessEndingEmail({
        locale,
        owner: `${row.first_name} ${row.last_name}`.trim(),
        title: row.title,
        end: formatMailTime(new Date(row.expires_at!), locale, zone),
        documentUrl: origin ? `${origin}/view/${row.oid}` : null,
        keepsView: levelAfterGrantEnds(row) === 'can_view',
      });
      await enqueueEmail(trx, now, { ...mail, kind: 'access-ending', to: row.email });
      await trx.updateTable('collaborators').set({ expiry_notice_sent_at: now }).where('id', '=', row.id).execute();
      sent += 1;
    }
    return sent;
  });
}
