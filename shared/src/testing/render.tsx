import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { createAppStore, type AppStore } from '@deck/shared/store/store';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  store?: AppStore;
  locale?: SupportedLocale;
}

/** Renders a component inside the real providers (store, intl, theme), as a remote would. */
export function renderWithProviders(ui: ReactElement, { store = createAppStore(), locale = 'en', ...options }: RenderWithProvidersOptions = {}) {
  const result = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders store={store} locale={locale}>
        {children}
      </AppProviders>
    ),
    ...options,
  });
  return { store, ...result };
}
