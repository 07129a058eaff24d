import { startTransition, useMemo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { showThemeChoice, useThemeChoice } from './theme/theme-choice';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { getSharedStore } from '@deck/shared/store/store';
import { detectLocale } from '@deck/shared/intl/locale';
import { preloadMessages } from '@deck/shared/intl/intl-provider';
import { DEFAULT_RUNTIME_CONFIG, fetchRuntimeConfig, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { logger } from '@deck/shared/logging/logger';
import { ensureLiveRegion } from '@deck/shared/ui/live-region/live-region';
import { registerRemoteManifests } from './federation/remote-loader';
import { HOST_PROVIDED_MODULES } from './federation/host-provided-modules';
import { App } from './app';
import { matchRoute } from './routing/routes';
import { loadPage } from './routing/route-pages';
import { readEmbeddedConfig, readFirstViewData, type FirstViewData } from './first-view/first-view-data';
import { applyFirstView } from './first-view/first-view-reads';
import { FirstViewSlotsContext } from './first-view/first-view-slots';
import { yieldToMain } from './first-view/yield-to-main';
import { preloadTakeOverFiles } from './first-view/take-over-files';

/** The run-time configuration the server wrote into the page, else /config.json's (a page served by another server). */
async function runtimeConfig() {
  const embedded = readEmbeddedConfig();
  if (embedded) return setRuntimeConfig(embedded);
  return fetchRuntimeConfig().catch((error: unknown) => {
    void logger.error({ object: 'shell', action: 'config', trigger: 'page_load', message: String(error) });
    return setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  });
}

async function start() {
  // The take-over's files, all at once (a page the server wrote a first view into names them).
  preloadTakeOverFiles();
  // Before any text can be announced, so the first announcement is heard.
  ensureLiveRegion();
  // The page's chunk downloads while the run-time configuration loads.
  const route = matchRoute(window.location.pathname);
  const page = loadPage(route.page);
  // The page has no fixed lang, so a viewer's language cookie can apply (spec §9); once chosen,
  // the page declares it, for assistive technology and for every remote that reads it. Its messages are
  // there before the first render, which is then in the viewer's language from the start.
  const locale = detectLocale();
  document.documentElement.lang = locale;
  const messages = preloadMessages(locale).catch(() => undefined);
  showThemeChoice();
  const config = await runtimeConfig();
  registerRemoteManifests(config.remotes);
  if (typeof HOST_PROVIDED_MODULES.createMount !== 'function') throw new Error('The shell could not load the modules it shares with remotes');
  const element = document.getElementById('app');
  if (!element) throw new Error('The shell needs an element with id "app"');
  await messages;
  // The server read the first view's answers with the cookies of the page's own origin; an API on another origin
  // (a host's page calling the product cross-site, docs/integrating-a-remote.md) answers with that origin's
  // cookies, so there the page reads everything itself and draws afresh.
  const firstView = new URL(config.apiBase, window.location.href).origin === window.location.origin ? readFirstViewData() : null;
  if (!firstView) {
    createRoot(element).render(<ShellRoot locale={locale} />);
    return;
  }
  // The server wrote the page's first view from these answers (docs/architecture.md, "The view page's first view"):
  // the page takes it over as it is (hydration), with its code there already.
  // The page is already on screen: the take-over runs in slices that leave the main thread free between them
  // (no task over 50 ms): the store's set-up, then the hydration as a transition, which React renders in
  // slices of a few milliseconds, yielding to input and paint in between.
  applyFirstView(getSharedStore(), firstView.resources);
  await page.catch(() => undefined);
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(element, <ShellRoot locale={locale} firstView={firstView} />, {
      onRecoverableError: (error: unknown) => {
        void logger.warn({ object: 'shell', action: 'first_view', trigger: 'page_load', message: error instanceof Error ? error.message : String(error) });
      },
    });
  });
}

/** The shell's providers, themed by the demo's theme switch (the system preference until one is chosen). */
function ShellRoot({ locale, firstView }: { locale: ReturnType<typeof detectLocale>; firstView?: FirstViewData }) {
  const theme = useThemeChoice();
  const slots = useMemo(() => ({ written: new Set(firstView?.slots ?? []) }), [firstView]);
  const app = (
    <AppProviders store={getSharedStore()} locale={locale} theme={theme}>
      <App pathname={window.location.pathname} search={window.location.search} />
    </AppProviders>
  );
  return firstView ? <FirstViewSlotsContext value={slots}>{app}</FirstViewSlotsContext> : app;
}

void start();
