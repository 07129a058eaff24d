import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { AppIntlProvider } from '@deck/shared/intl/intl-provider';
import type { SupportedLocale } from '@deck/shared/intl/locale';
import { themeByName, type ThemeName } from '@deck/shared/theme/theme';
import { RalewayFonts } from '@deck/shared/theme/fonts';
import type { AppStore } from '@deck/shared/store/store';

export interface AppProvidersProps {
  store: AppStore;
  locale: SupportedLocale;
  theme?: ThemeName;
  children: ReactNode;
}

/** The providers every remote and the shell render inside: store, intl and theme. */
export function AppProviders({ store, locale, theme, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <AppIntlProvider locale={locale}>
        <ThemeProvider theme={themeByName(theme)}>
          <RalewayFonts />
          {children}
        </ThemeProvider>
      </AppIntlProvider>
    </Provider>
  );
}
