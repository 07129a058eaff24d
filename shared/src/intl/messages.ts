import type { SupportedLocale } from '@deck/shared/intl/supported-locales';

export type MessageCatalogue = Record<string, string>;

/**
 * Translations are loaded on demand, one chunk per language. English needs none:
 * every message carries its English text as `defaultMessage` where it is used.
 * Every other supported language must have a catalogue (the type asks for one per locale);
 * translations.test.ts checks each holds exactly the ids of en.messages.json.
 */
const loaders: Record<Exclude<SupportedLocale, 'en'>, () => Promise<MessageCatalogue>> = {
  de: () => import('@deck/shared/intl/translations/de.json').then((module) => module.default as MessageCatalogue),
  es: () => import('@deck/shared/intl/translations/es.json').then((module) => module.default as MessageCatalogue),
  fr: () => import('@deck/shared/intl/translations/fr.json').then((module) => module.default as MessageCatalogue),
  pt: () => import('@deck/shared/intl/translations/pt.json').then((module) => module.default as MessageCatalogue),
  hu: () => import('@deck/shared/intl/translations/hu.json').then((module) => module.default as MessageCatalogue),
  it: () => import('@deck/shared/intl/translations/it.json').then((module) => module.default as MessageCatalogue),
  ja: () => import('@deck/shared/intl/translations/ja.json').then((module) => module.default as MessageCatalogue),
  ko: () => import('@deck/shared/intl/translations/ko.json').then((module) => module.default as MessageCatalogue),
};

export async function loadMessages(locale: SupportedLocale): Promise<MessageCatalogue> {
  return locale === 'en' ? {} : loaders[locale]();
}
