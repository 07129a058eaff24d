import { readCookie } from '@deck/shared/api/csrf';

export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'pt', 'hu', 'it', 'ja', 'ko'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en';
export const LANGUAGE_COOKIE = 'language';

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
