import { sql } from 'kysely';
import type { DeviceClass } from '@deck/shared/domains/viewer/slide-engagement';
import { SLIDE_TIME_PER_VISIT_MAX_MS } from '@deck/shared/domains/viewer/slide-engagement';
import type { Db } from '../services/users';

/**
 * Adds a batch of slide times to the visit recorded for this open of the link, in one statement: slides past the
 * document's last are left out, each slide's total stops at SLIDE_TIME_PER_VISIT_MAX_MS, and the visit's device class
 * is set by its first batch. False when no visit of the link has this open id (never recorded: an unlisted link, a
 * link without analytics, or an open the page never reported), and nothing is written then.
 */
export async function addSlideTimes(db: Db, viewLinkId: number, openId: string, times: ReadonlyArray<readonly [number, number]>, device: DeviceClass): Promise<boolean> {
  const slides = times.map(([slide]) => slide);
  const ms = times.map(([, spent]) => spent);
  const { rows } = await sql<{ found: boolean }>`
    with visit as (
      select v.document_id, v.id, d.page_count from view_link_visits v
      join view_links l on l.document_id = v.document_id and l.id = v.view_link_id
      join documents d on d.id = l.document_id
      where v.view_link_id = ${viewLinkId} and v.session_id = ${openId}
      limit 1
    ), batch as (
      select slide, sum(spent)::int as spent from unnest(${slides}::int[], ${ms}::int[]) as t(slide, spent)
      group by slide
    ), added as (
      insert into link_slide_times (document_id, visit_id, slide, ms)
      select visit.document_id, visit.id, batch.slide, least(batch.spent, ${SLIDE_TIME_PER_VISIT_MAX_MS}) from visit, batch
      where batch.slide < visit.page_count
      on conflict (document_id, visit_id, slide) do update set ms = least(link_slide_times.ms + excluded.ms, ${SLIDE_TIME_PER_VISIT_MAX_MS})
    ), device as (
      update view_link_visits v set device = ${device} from visit where v.document_id = visit.document_id and v.id = visit.id and v.device is null
    )
    select exists (select 1 from visit) as found`.execute(db);
  return rows[0].found;
}

/** Each slide of the link's document with the visits that showed it and their time on it (slides no visit showed: zeros). */
export async function slideEngagement(db: Db, viewLinkId: number) {
  const { rows } = await sql<{ slide: number; visits: number; ms: string | number }>`
    with spent as (
      select t.slide, count(*)::int as visits, sum(t.ms) as ms
      from view_link_visits v join link_slide_times t on t.document_id = v.document_id and t.visit_id = v.id
      where v.view_link_id = ${viewLinkId} and t.ms > 0
      group by t.slide
    )
    select s.slide, coalesce(spent.visits, 0) as visits, coalesce(spent.ms, 0) as ms
    from view_links l
    join documents d on d.id = l.document_id
    cross join generate_series(0, d.page_count - 1) as s(slide)
    left join spent on spent.slide = s.slide
    where l.id = ${viewLinkId}
    order by s.slide`.execute(db);
  return rows.map((row) => ({ slide: row.slide, visits: row.visits, ms: Number(row.ms) }));
}

/** The link's newest visits with their device, time on slides and number of slides seen. */
export async function visitEngagement(db: Db, viewLinkId: number, shown: number) {
  return db
    .selectFrom('view_link_visits as v')
    .leftJoin('link_slide_times as t', (join) => join.onRef('t.document_id', '=', 'v.document_id').onRef('t.visit_id', '=', 'v.id').on('t.ms', '>', 0))
    .select((eb) => [
      'v.visited_at',
      'v.viewer_name',
      'v.viewer_email',
      'v.device',
      eb.fn.coalesce(eb.fn.sum<string | number>('t.ms'), sql<number>`0`).as('ms'),
      eb.fn.count<string | number>('t.slide').as('slides_seen'),
    ])
    .where('v.view_link_id', '=', viewLinkId)
    .groupBy(['v.document_id', 'v.id'])
    .orderBy('v.visited_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(shown)
    .execute();
}
