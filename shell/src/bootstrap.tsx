import { createRoot } from 'react-dom/client';
import { useThemeChoice } from './theme/theme-choice';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { getSharedStore } from '@deck/shared/store/store';
import { detectLocale } from '@deck/shared/intl/locale';
import { DEFAULT_RUNTIME_CONFIG, fetchRuntimeConfig, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { logger } from '@deck/shared/logging/logger';
import { ensureLiveRegion } from '@deck/shared/ui/live-region/live-region';
import { registerRemoteManifests } from './federation/remote-loader';
import { HOST_PROVIDED_MODULES } from './federation/host-provided-modules';
import { App } from './app';
import { matchRoute } from './routing/routes';
import { loadPage } from './routing/route-pages';

async function start() {
  // Before any text can be announced, so the first announcement is heard.
  ensureLiveRegion();
  // The page's chunk downloads while the run-time configuration loads.
  const route = matchRoute(window.location.pathname);
  void loadPage(route.page);
  const config = await fetchRuntimeConfig().catch((error: unknown) => {
    void logger.error({ object: 'shell', action: 'config', trigger: 'page_load', message: String(error) });
    return setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  });
  registerRemoteManifests(config.remotes);
  if (typeof HOST_PROVIDED_MODULES.createMount !== 'function') throw new Error('The shell could not load the modules it shares with remotes');
  const element = document.getElementById('app');
  if (!element) throw new Error('The shell needs an element with id "app"');
  // The page has no fixed lang, so a viewer's language cookie can apply (spec §9); once chosen,
  // the page declares it, for assistive technology and for every remote that reads it.
  const locale = detectLocale();
  document.documentElement.lang = locale;
  createRoot(element).render(<ShellRoot locale={locale} />);
}

/** The shell's providers, themed by the demo's theme switch (the system preference until one is chosen). */
function ShellRoot({ locale }: { locale: ReturnType<typeof detectLocale> }) {
  const theme = useThemeChoice();
  return (
    <AppProviders store={getSharedStore()} locale={locale} theme={theme}>
      <App pathname={window.location.pathname} search={window.location.search} />
    </AppProviders>
  );
}

void start();
