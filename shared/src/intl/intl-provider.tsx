import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, type SupportedLocale } from '@deck/shared/intl/supported-locales';
import { loadMessages, type MessageCatalogue } from '@deck/shared/intl/messages';

const catalogueCache = new Map<SupportedLocale, MessageCatalogue>([[DEFAULT_LOCALE, {}]]);

/**
 * Loads a language's messages before anything renders in it: the providers start with them, so the first
 * render is in that language rather than in English for a moment (and the server's first view of a page,
 * written in it, is taken over unchanged).
 */
export async function preloadMessages(locale: SupportedLocale): Promise<void> {
  if (!catalogueCache.has(locale)) catalogueCache.set(locale, await loadMessages(locale));
}

function ignoreMissingTranslation(error: { code?: string }) {
  // A missing translation falls back to the English default, which is expected for new strings.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
}

export function AppIntlProvider({ locale, children }: { locale: SupportedLocale; children: ReactNode }) {
  const [messages, setMessages] = useState<MessageCatalogue>(() => catalogueCache.get(locale) ?? {});

  useEffect(() => {
    const cached = catalogueCache.get(locale);
    if (cached) {
      setMessages(cached);
      return;
    }
    let cancelled = false;
    loadMessages(locale)
      .then((loaded) => {
        catalogueCache.set(locale, loaded);
        if (!cancelled) setMessages(loaded);
      })
      .catch(() => {
        if (!cancelled) setMessages({});
      });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages} onError={ignoreMissingTranslation}>
      {children}
    </IntlProvider>
  );
}
