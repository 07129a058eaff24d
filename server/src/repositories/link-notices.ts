import { sql } from 'kysely';
import type { Db } from '../services/users';
import type { LinkKey } from './link-visits';

/** Claims the note of this visitor's first open of the link; false when the link has told its creator already. */
export async function claimOpenNotice(db: Db, link: LinkKey, visitor: string, at: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('link_open_notices')
    .values({ document_id: link.document_id, view_link_id: link.id, visitor, noticed_at: at })
    .onConflict((oc) => oc.columns(['document_id', 'view_link_id', 'visitor']).doNothing())
    .returning('visitor')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The people with a live link that sends a daily digest, with where and how to write to them. */
export function digestRecipients(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.locale', 'u.time_zone'])
    .where((eb) =>
      eb.exists(eb.selectFrom('view_links as l').select('l.id').whereRef('l.owner_id', '=', 'u.id').where('l.open_notice', '=', 'daily').where('l.revoked', '=', false)),
    )
    .orderBy('u.id')
    .execute();
}

/** Claims an owner's digest of a day (their calendar day); false when it was sent, or found empty, already. */
export async function claimDigest(db: Db, ownerId: number, day: string, at: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('link_digests')
    .values({ owner_id: ownerId, day, sent_at: at })
    .onConflict((oc) => oc.columns(['owner_id', 'day']).doNothing())
    .returning('owner_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * The opens of an owner's daily-digest links on one calendar day of `zone`, per link: all opens, and the visitors
 * who gave or verified an address. PostgreSQL refuses a zone it does not know (22023): the caller decides.
 */
export async function digestOpens(db: Db, ownerId: number, day: string, zone: string) {
  const { rows } = await sql<{ link: string; title: string; opens: number; named: number }>`
    select l.name as link, d.title, count(*)::int as opens, count(distinct v.viewer_email)::int as named
    from view_links l
    join documents d on d.id = l.document_id
    join view_link_visits v on v.document_id = l.document_id and v.view_link_id = l.id
    where l.owner_id = ${ownerId} and l.open_notice = 'daily' and l.visible_on_analytics and d.deleted_at is null
      and v.visited_at >= (${day}::date)::timestamp at time zone ${zone}
      and v.visited_at < (${day}::date + 1)::timestamp at time zone ${zone}
    group by l.id, l.name, d.title
    order by opens desc, l.name`.execute(db);
  return rows;
}
