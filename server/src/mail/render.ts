import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { emailMessages, type EmailMessageKey } from '../../../shared/src/email/email-messages';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../shared/src/intl/locale';

const translationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'src', 'intl', 'translations');
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

function format(locale: SupportedLocale, key: EmailMessageKey, values: Values): string {
  const descriptor = emailMessages[key];
  const pattern = catalogue(locale)[descriptor.id] ?? descriptor.defaultMessage;
  return String(new IntlMessageFormat(pattern, locale).format(values));
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

/** The e-mail to the new owner after a transfer of ownership. */
export function renderTransferEmail(e: { locale: SupportedLocale; inviter: string; title: string; documentUrl: string }): RenderedEmail {
  const values = { inviter: e.inviter, title: e.title };
  const subject = format(e.locale, 'transferSubject', values);
  const body = format(e.locale, 'transferBody', values);
  const action = format(e.locale, 'openAction', values);
  const footer = format(e.locale, 'footer', values);
  const text = [body, '', `${action}: ${e.documentUrl}`, '', '--', footer].join('\n');
  const html = [
    `<!doctype html><html lang="${e.locale}"><body style="font-family:Raleway,Arial,sans-serif;color:#1f2933">`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${escapeHtml(e.documentUrl)}">${escapeHtml(action)}</a></p>`,
    `<hr><p style="font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, html, text };
}
