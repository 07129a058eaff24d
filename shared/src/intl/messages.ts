import type { SupportedLocale } from '@deck/shared/intl/locale';

export type MessageCatalogue = Record<string, string>;

/**
 * Translations are loaded on demand, one chunk per language. English needs none:
 * every message carries its English text as `defaultMessage` where it is used.
 */
const loaders: Partial<Record<SupportedLocale, () => Promise<MessageCatalogue>>> = {
  de: () => import('@deck/shared/intl/translations/de.json').then((module) => module.default as MessageCatalogue),
};

export async function loadMessages(locale: SupportedLocale): Promise<MessageCatalogue> {
  const loader = loaders[locale];
  return loader ? loader() : {};
}
