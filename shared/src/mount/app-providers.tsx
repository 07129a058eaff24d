import { useInsertionEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { AppIntlProvider } from '@deck/shared/intl/intl-provider';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { themeByName, type ThemePreference } from '@deck/shared/theme/theme';
import { useThemeName } from '@deck/shared/theme/use-theme-name';
import { ensureRalewayFonts } from '@deck/shared/theme/fonts';
import type { AppStore } from '@deck/shared/store/store';

export interface AppProvidersProps {
  store: AppStore;
  locale: SupportedLocale;
  /** Defaults to 'system': the user's prefers-color-scheme. */
  theme?: ThemePreference;
  children: ReactNode;
}

/** The providers every remote and the shell render inside: store, intl and theme. */
export function AppProviders({ store, locale, theme, children }: AppProvidersProps) {
  const themeName = useThemeName(theme);
  useInsertionEffect(() => ensureRalewayFonts(), []);
  return (
    <Provider store={store}>
      <AppIntlProvider locale={locale}>
        <ThemeProvider theme={themeByName(themeName)}>
          {children}
        </ThemeProvider>
      </AppIntlProvider>
    </Provider>
  );
}
