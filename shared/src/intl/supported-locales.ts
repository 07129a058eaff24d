/**
 * The languages the app has catalogues for. Kept apart from locale.ts (which reads the page's document) so
 * that the server, which has no DOM types, can import them.
 */
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'pt', 'hu', 'it', 'ja', 'ko'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en';
