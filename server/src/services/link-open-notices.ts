import { enqueueEmail } from '../mail/outbox';
import { formatMailTime, renderLinkDigestEmail, renderLinkOpenedEmail, toEmailLocale } from '../mail/render';
import { claimDigest, claimOpenNotice, digestOpens, digestRecipients } from '../repositories/link-notices';
import type { Db } from './users';

/** A calendar day (YYYY-MM-DD) as it is in `zone` at `at`. */
export function dayIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day before a calendar day. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A zone the runtime knows, else UTC: a stored zone the runtime has never heard of writes no wrong time. */
function knownZone(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** What noteLinkOpen needs of the link: as findRecipientLink reads it. */
export interface NotedLink {
  id: number;
  document_id: number;
  link_id: string;
  name: string;
  document_title: string;
  open_notice: 'off' | 'first_open' | 'daily';
  creator_email: string;
  creator_locale: string | null;
  creator_time_zone: string | null;
}

/**
 * Tells the link's creator of a visitor's first open (docs/decisions.md, *Notes when a link is opened*), in the
 * transaction that records the visit: the e-mail goes to the outbox only if the visit commits, and once per visitor
 * (link_open_notices), however many instances record opens at once. A visitor is their address when the link has
 * one (given or verified); opens without one are told once a day in the creator's time zone, as one unnamed visitor.
 */
export async function noteLinkOpen(trx: Db, link: NotedLink, visit: { name: string | null; email: string | null; at: Date }, origin: string | null): Promise<boolean> {
  if (link.open_notice !== 'first_open') return false;
  const zone = knownZone(link.creator_time_zone);
  const visitor = visit.email ? `email:${visit.email}` : `anonymous:${dayIn(visit.at, zone)}`;
  if (!(await claimOpenNotice(trx, link, visitor, visit.at))) return false;
  const locale = toEmailLocale(link.creator_locale) ?? 'en';
  const mail = renderLinkOpenedEmail({
    locale,
    visitor: visit.email ? (visit.name ? `${visit.name} <${visit.email}>` : visit.email) : null,
    link: link.name,
    title: link.document_title,
    time: formatMailTime(visit.at, locale, zone),
    analyticsUrl: origin ? `${origin}/analytics/${link.link_id}` : null,
  });
  await enqueueEmail(trx, visit.at, { ...mail, kind: 'link-opened', to: link.creator_email });
  return true;
}

/**
 * Sends each owner of a daily-digest link the digest of their day before (their time zone, else UTC), once: the
 * day is claimed with the e-mail in one transaction, and a day without opens is claimed and sends nothing. Runs on
 * the pruning timer (retention.ts), so a digest leaves within that interval after the owner's midnight.
 */
export async function sendLinkDigests(db: Db, now: Date): Promise<number> {
  let sent = 0;
  for (const owner of await digestRecipients(db)) {
    const zone = knownZone(owner.time_zone);
    const day = dayBefore(dayIn(now, zone));
    const mailed = await db.transaction().execute(async (trx) => {
      if (!(await claimDigest(trx, owner.id, day, now))) return false;
      const links = await digestOpens(trx, owner.id, day, zone);
      if (links.length === 0) return false;
      const locale = toEmailLocale(owner.locale) ?? 'en';
      const label = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
      await enqueueEmail(trx, now, { ...renderLinkDigestEmail({ locale, day: label, links }), kind: 'link-digest', to: owner.email });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
