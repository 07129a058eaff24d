import { readCookie } from '@deck/shared/api/csrf';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from '@deck/shared/intl/supported-locales';

const LANGUAGE_COOKIE = 'language';

function toSupported(candidate: string | null | undefined): SupportedLocale | null {
  if (!candidate) return null;
  const base = candidate.trim().toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base) ? (base as SupportedLocale) : null;
}

/** Spec §9: the page's lang attribute, else the language cookie, else English. */
export function detectLocale(doc: Document | undefined = globalThis.document): SupportedLocale {
  return (
    toSupported(doc?.documentElement?.lang) ?? toSupported(readCookie(LANGUAGE_COOKIE, doc?.cookie ?? '')) ?? DEFAULT_LOCALE
  );
}

export function resolveLocale(requested: string | undefined): SupportedLocale {
  return toSupported(requested) ?? detectLocale();
}
