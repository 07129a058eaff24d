import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { emailMessages, type EmailMessageKey } from '@deck/shared/email/email-messages';
import { SUPPORTED_LOCALES, type SupportedLocale } from '@deck/shared/intl/supported-locales';
import { CONTROL_CHARACTERS } from '@deck/shared/validation/single-line';
import { repoRoot } from '../repo-root';

const translationsDir = join(repoRoot, 'shared', 'src', 'intl', 'translations');
const catalogues = new Map<SupportedLocale, Record<string, string>>();

function catalogue(locale: SupportedLocale): Record<string, string> {
  if (locale === 'en') return {};
  let found = catalogues.get(locale);
  if (!found) {
    found = JSON.parse(readFileSync(join(translationsDir, `${locale}.json`), 'utf8')) as Record<string, string>;
    catalogues.set(locale, found);
  }
  return found;
}

/** A supported locale from a stored preference, a cookie or an Accept-Language value; null when none fits. */
export function toEmailLocale(candidate: string | null | undefined): SupportedLocale | null {
  if (!candidate) return null;
  const base = candidate.trim().toLowerCase().split(/[-_,;]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base) ? (base as SupportedLocale) : null;
}

type Values = Record<string, string | number>;

/**
 * A time as the recipient reads it, in their language and in the given time zone, with the zone named
 * (“December 1, 2026 at 5:00 PM UTC”, “2026年12月1日 17:00 UTC”).
 */
export function formatMailTime(at: Date, locale: SupportedLocale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(at);
}

const CONTROL_RUNS = new RegExp(`(?:${CONTROL_CHARACTERS.source})+`, 'gu');

/**
 * A name or title as one line. Titles and names are refused with a line break at the door (http/single-line.ts);
 * this keeps an older stored one from laying out the plain-text e-mail all the same.
 */
function oneLine(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}

/** A message of the shared catalogues (the browser's too) in a supported language: the server's documents (a link's PDF). */
export function formatMessage(locale: SupportedLocale, descriptor: { id: string; defaultMessage: string }, values: Values = {}): string {
  return String(new IntlMessageFormat(catalogue(locale)[descriptor.id] ?? descriptor.defaultMessage, locale).format(values));
}

function format(locale: SupportedLocale, key: EmailMessageKey, values: Values): string {
  const descriptor = emailMessages[key];
  const pattern = catalogue(locale)[descriptor.id] ?? descriptor.defaultMessage;
  const lines = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? oneLine(value) : value]));
  return String(new IntlMessageFormat(pattern, locale).format(lines));
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface InvitationEmail {
  kind: 'document' | 'folder';
  locale: SupportedLocale;
  inviter: string;
  title: string;
  /** viewer/commenter/editor for documents, VIEWER/EDITOR for folders. */
  level: string;
  message: string | null;
  acceptUrl: string;
  expiresInDays: number;
}

/** One invitation e-mail in HTML and plain text; every value from a user is escaped in the HTML. */
export function renderInvitationEmail(e: InvitationEmail): RenderedEmail {
  const values = { inviter: e.inviter, title: e.title, level: e.level, role: e.level, days: e.expiresInDays };
  const subject = format(e.locale, e.kind === 'document' ? 'invitationSubject' : 'folderInvitationSubject', values);
  const body = format(e.locale, e.kind === 'document' ? 'invitationBody' : 'folderInvitationBody', values);
  const personal = e.message ? format(e.locale, 'personalMessage', values) : null;
  const action = format(e.locale, 'acceptAction', values);
  const expiry = format(e.locale, 'expiry', values);
  const footer = format(e.locale, 'footer', values);

  const text = [body, ...(personal ? ['', personal, e.message!] : []), '', `${action}: ${e.acceptUrl}`, expiry, '', '--', footer].join('\n');
  const html = [
    `<!doctype html><html lang="${e.locale}"><body style="font-family:Raleway,Arial,sans-serif;color:#1f2933">`,
    `<p>${escapeHtml(body)}</p>`,
    ...(personal ? [`<p><strong>${escapeHtml(personal)}</strong></p>`, `<blockquote style="white-space:pre-wrap">${escapeHtml(e.message!)}</blockquote>`] : []),
    `<p><a href="${escapeHtml(e.acceptUrl)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<hr><p style="font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, html, text };
}

/** One notice e-mail: a body, optionally someone's quoted message, optionally one link, and a footer. */
interface NoticeEmail {
  locale: SupportedLocale;
  subject: EmailMessageKey;
  body: EmailMessageKey;
  footer: EmailMessageKey;
  values: Values;
  /** A person's own words, quoted (escaped) under the heading message. */
  quote?: { heading: EmailMessageKey; text: string } | null;
  action?: { label: EmailMessageKey; url: string };
}

function renderNoticeEmail(e: NoticeEmail): RenderedEmail {
  const body = format(e.locale, e.body, e.values);
  const heading = e.quote ? format(e.locale, e.quote.heading, e.values) : null;
  const action = e.action ? format(e.locale, e.action.label, e.values) : null;
  const footer = format(e.locale, e.footer, e.values);
  const text = [
    body,
    ...(e.quote ? ['', heading!, e.quote.text] : []),
    ...(e.action ? ['', `${action}: ${e.action.url}`] : []),
    '',
    '--',
    footer,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${e.locale}"><body style="font-family:Raleway,Arial,sans-serif;color:#1f2933">`,
    `<p>${escapeHtml(body)}</p>`,
    ...(e.quote ? [`<p><strong>${escapeHtml(heading!)}</strong></p>`, `<blockquote style="white-space:pre-wrap">${escapeHtml(e.quote.text)}</blockquote>`] : []),
    ...(e.action ? [`<p><a href="${escapeHtml(e.action.url)}">${escapeHtml(action!)}</a></p>`] : []),
    `<hr><p style="font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: format(e.locale, e.subject, e.values), html, text };
}

/** The e-mail to the new owner after a transfer of ownership. */
export function renderTransferEmail(e: { locale: SupportedLocale; inviter: string; title: string; documentUrl: string }): RenderedEmail {
  return renderNoticeEmail({
    locale: e.locale,
    subject: 'transferSubject',
    body: 'transferBody',
    footer: 'footer',
    values: { inviter: e.inviter, title: e.title },
    action: { label: 'openAction', url: e.documentUrl },
  });
}

/** The e-mail to the document's owner when someone asks for access; its link opens the share dialog. */
export function renderAccessRequestEmail(e: {
  locale: SupportedLocale;
  requester: string;
  requesterEmail: string;
  title: string;
  message: string | null;
  reviewUrl: string;
}): RenderedEmail {
  return renderNoticeEmail({
    locale: e.locale,
    subject: 'accessRequestSubject',
    body: 'accessRequestBody',
    footer: 'accessRequestFooter',
    values: { requester: e.requester, email: e.requesterEmail, title: e.title },
    quote: e.message ? { heading: 'accessRequestMessage', text: e.message } : null,
    action: { label: 'accessRequestAction', url: e.reviewUrl },
  });
}

/** The e-mail to the requester once their request is decided: approved (with the level and a link) or denied. */
export function renderAccessDecisionEmail(
  e: { locale: SupportedLocale; decider: string; title: string } & ({ approved: true; level: string; documentUrl: string } | { approved: false }),
): RenderedEmail {
  const values = { decider: e.decider, title: e.title, level: e.approved ? e.level : '' };
  return e.approved
    ? renderNoticeEmail({
        locale: e.locale,
        subject: 'accessApprovedSubject',
        body: 'accessApprovedBody',
        footer: 'accessDecisionFooter',
        values,
        action: { label: 'openAction', url: e.documentUrl },
      })
    : renderNoticeEmail({ locale: e.locale, subject: 'accessDeniedSubject', body: 'accessDeniedBody', footer: 'accessDecisionFooter', values });
}

/** The one-time code for an allow-listed view link; nothing of the document, which the address may not open yet. */
export function renderLinkCodeEmail(e: { locale: SupportedLocale; sharer: string; code: string; minutes: number }): RenderedEmail {
  return renderNoticeEmail({
    locale: e.locale,
    subject: 'linkCodeSubject',
    body: 'linkCodeBody',
    footer: 'linkCodeFooter',
    values: { sharer: e.sharer, code: e.code, minutes: e.minutes },
  });
}

/** The notice to a viewer or commenter a few days before their access to a document ends. */
export function renderAccessEndingEmail(e: {
  locale: SupportedLocale;
  owner: string;
  title: string;
  end: string;
  documentUrl: string | null;
  /** After the end they still view it as anyone with its link does (permissions/access-end.ts): only commenting ends. */
  keepsView: boolean;
}): RenderedEmail {
  return renderNoticeEmail({
    locale: e.locale,
    subject: 'accessEndingSubject',
    body: e.keepsView ? 'accessEndingKeepsViewBody' : 'accessEndingBody',
    footer: 'accessEndingFooter',
    values: { owner: e.owner, title: e.title, end: e.end },
    ...(e.documentUrl ? { action: { label: 'openAction' as const, url: e.documentUrl } } : {}),
  });
}

/** The note to a link's creator on a visitor's first open: the visitor named by what they gave, or as someone unnamed. */
export function renderLinkOpenedEmail(e: {
  locale: SupportedLocale;
  visitor: string | null;
  link: string;
  title: string;
  time: string;
  analyticsUrl: string | null;
}): RenderedEmail {
  return renderNoticeEmail({
    locale: e.locale,
    subject: e.visitor === null ? 'linkOpenedAnonymousSubject' : 'linkOpenedSubject',
    body: e.visitor === null ? 'linkOpenedAnonymousBody' : 'linkOpenedBody',
    footer: 'linkOpenedFooter',
    values: { visitor: e.visitor ?? '', link: e.link, title: e.title, time: e.time },
    ...(e.analyticsUrl ? { action: { label: 'analyticsAction' as const, url: e.analyticsUrl } } : {}),
  });
}

/** One owner's daily digest: the day's opens in all, then one line per link. */
export function renderLinkDigestEmail(e: {
  locale: SupportedLocale;
  day: string;
  links: ReadonlyArray<{ link: string; title: string; opens: number; named: number }>;
}): RenderedEmail {
  const count = e.links.reduce((sum, link) => sum + link.opens, 0);
  const lines = e.links.map((link) => format(e.locale, 'linkDigestLine', { link: link.link, title: link.title, count: link.opens, named: link.named }));
  return renderNoticeEmail({
    locale: e.locale,
    subject: 'linkDigestSubject',
    body: 'linkDigestBody',
    footer: 'linkDigestFooter',
    values: { day: e.day, count },
    quote: { heading: 'linkDigestHeading', text: lines.join('\n') },
  });
}
