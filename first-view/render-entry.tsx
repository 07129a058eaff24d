import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
// The server runtimes' build of the waiting renderer: the Node build keeps an AsyncLocalStorage of its own enabled once
// it has run, and on Node 20 that puts promise hooks on every promise of the server (docs/decisions.md, "The view
// page's first view, written by the server"). This one runs once, ahead (loadPages), and needs no request storage.
import { prerender } from 'react-dom/static.edge';
import { Provider } from 'react-redux';
import { applyMiddleware, legacy_createStore as createStore } from 'redux';
import { thunk } from 'redux-thunk';
import styled, { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { createIntl } from 'react-intl';
import type { PresentationDocument, RemoteName } from '@deck/shared/api/contract';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import { setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { injectLikeSlice } from '@deck/shared/domains/like/like-slice';
import { injectViewerSlice, viewerActions } from '@deck/shared/domains/viewer/viewer-slice';
import { AppIntlProvider, preloadMessages } from '@deck/shared/intl/intl-provider';
import { DEFAULT_LOCALE, type SupportedLocale } from '@deck/shared/intl/supported-locales';
import { loadMessages } from '@deck/shared/intl/messages';
import { rootReducer } from '@deck/shared/store/root-reducer';
import type { AppStore } from '@deck/shared/store/store';
import { FONT_STYLE_ATTRIBUTE, LATIN_EXT_FILES, LATIN_EXT_RANGE, ralewayFontFaces } from '@deck/shared/theme/fonts';
import { themeVariablesCss, variablesTheme } from '@deck/shared/theme/theme-variables';
import { App } from '../shell/src/app';
import { applyFirstView, readFirstView } from '../shell/src/first-view/first-view-reads';
import { readLinkPage } from '../shell/src/first-view/link-page-reads';
import { FormTokenContext } from '../shell/src/first-view/form-token';
import { linkOpening } from '../shell/src/pages/link/api/link-opening';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { linkFormOutcomeKey } from '@deck/shared/domains/view-links/link-page-forms';
import type { FirstViewData, FirstViewRequest, RenderedFirstView } from '@deck/shared/first-view/first-view-contract';
import { FirstViewSlotsContext, type FirstViewSlots } from '../shell/src/first-view/first-view-slots';
import { FIRST_VIEW_ATTRIBUTE, PRESENT_FIELD } from '../shell/src/first-view/held-controls';
import { JavaScriptNeeded } from '../shell/src/first-view/javascript-needed';
import { pageTitleText } from '../shell/src/layout/use-page-title';
import { documentPreview } from '../shell/src/pages/view/playback/preview-image';
import { loadPage } from '../shell/src/routing/route-pages';
import { LinkWatermark } from '../shell/src/pages/link-page';
import { SlideTimesCounter } from '../shell/src/pages/view-page';
import { matchRoute, type Route } from '../shell/src/routing/routes';
// Each remote through its public server-render entry, never its internals (scripts/deps.ts checks).
import { LikeButton } from '../remotes/like-button/src/server-render';
import type { LikeButtonProps } from '../remotes/like-button/src/public-types';
import { ViewerOverlay } from '../remotes/viewer-overlay/src/server-render';
import type { ViewerOverlayProps } from '../remotes/viewer-overlay/src/public-types';

/**
 * The server's first view of a page (docs/architecture.md, "The view page's first view"): the shell's own components and
 * the remotes', rendered to HTML by the server (this module is built by webpack for Node, into
 * dist/first-view/, and loaded by server/src/first-view/first-view-page.ts). The browser takes the shell's part
 * over as it is (hydration); each remote replaces its own part when it first renders, with the same geometry.
 */

injectLikeSlice();
injectViewerSlice();

/** The page's store, filled from the first view's answers (no store listens to later slices: each request has its own). */
function firstViewStore(resources: FirstViewData['resources']): AppStore {
  const store = createStore(rootReducer, applyMiddleware(thunk)) as unknown as AppStore;
  applyFirstView(store, resources);
  return store;
}

/** The first view's providers: one store, the visitor's language, and colours that follow either theme. */
function Providers({ store, locale, slots, children }: { store: AppStore; locale: SupportedLocale; slots: FirstViewSlots; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppIntlProvider locale={locale}>
        <ThemeProvider theme={variablesTheme}>
          <FirstViewSlotsContext value={slots}>{children}</FirstViewSlotsContext>
        </ThemeProvider>
      </AppIntlProvider>
    </Provider>
  );
}

// ---- The remotes' parts ----

/** The Present form fills the stage; the overlay in it picks its layout from its own size (container queries, spec §2). */
const PresentForm = styled.form`
  position: absolute;
  inset: 0;
  margin: 0;
`;

const Contents = styled.div`
  display: contents;
`;

/**
 * The overlay's START screen. Its Present button submits the form: without JavaScript the page comes back with
 * `present=1` and says that presenting needs it; with JavaScript the entry script holds the press until the
 * overlay is there (shell/src/first-view/held-controls.ts).
 */
function OverlayFirstView({ props, pathname, search }: { props: ViewerOverlayProps; pathname: string; search: string }) {
  const query = new URLSearchParams(search);
  const asked = query.get(PRESENT_FIELD) === '1';
  query.delete(PRESENT_FIELD);
  return (
    <PresentForm method="get" action={pathname} {...{ [FIRST_VIEW_ATTRIBUTE]: 'viewer-overlay' }}>
      {[...query].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={PRESENT_FIELD} value="1" />
      <ViewerOverlay {...props} />
      {asked ? <JavaScriptNeeded /> : null}
    </PresentForm>
  );
}

function remoteFirstView(remote: RemoteName, props: object, pathname: string, search: string): ReactNode {
  if (remote === 'viewer-overlay') return <OverlayFirstView props={props as ViewerOverlayProps} pathname={pathname} search={search} />;
  if (remote === 'like-button') {
    return (
      <Contents {...{ [FIRST_VIEW_ATTRIBUTE]: 'like-button' }}>
        <LikeButton {...(props as LikeButtonProps)} />
      </Contents>
    );
  }
  return undefined;
}

// ---- Rendering ----

let pagesLoaded: Promise<void> | undefined;

/**
 * The pages are chunks the shell loads when needed (React.lazy): a render waits for the first time each is
 * asked for. Rendered once ahead with React's waiting renderer, every later render is synchronous, with
 * this request's settings only.
 */
function loadPages(): Promise<void> {
  pagesLoaded ??= (async () => {
    const store = firstViewStore({});
    await Promise.all(
      ['/view/first-view', '/l/first-view'].map(async (pathname) => {
        const { prelude } = await prerender(
          <Providers store={store} locale={DEFAULT_LOCALE} slots={{}}>
            <App pathname={pathname} />
          </Providers>,
        );
        await prelude.cancel();
      }),
    );
    await Promise.all([loadPage('view'), loadPage('link')]);
    // The lazy parts of a link's page (the watermark over its slides, the slide-time counter), loaded the same way.
    const { prelude } = await prerender(
      <Providers store={store} locale={DEFAULT_LOCALE} slots={{}}>
        <LinkWatermark viewer={null} openedAt={new Date(0).toISOString()} />
        <SlideTimesCounter open={{ linkId: 'first-view', openId: 'first-view' }} page={0} playing={false} />
      </Providers>,
    );
    await prelude.cancel();
  })();
  return pagesLoaded;
}

/**
 * Without JavaScript the Present button submits its form: the overlay's buttons are `type="button"` (as everywhere,
 * so a host's own form around it is never submitted), which the first view's copy of START changes.
 */
function presentSubmits(html: string): string {
  return html.replace(/<form [^>]*data-first-view="viewer-overlay"[\s\S]*?<\/form>/, (form) => form.replace(/<button type="button"/g, '<button type="submit"'));
}

/** Characters of the latin-ext subset, from its font's unicode-range. */
const LATIN_EXT = new RegExp(
  `[${LATIN_EXT_RANGE.split(',')
    .map((range) => range.trim().replace(/^U\+/, '').split('-').map((hex) => `\\u{${hex}}`).join('-'))
    .join('')}]`,
  'u',
);

/** The text of rendered markup (its characters, not its tags). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ');

/** The chunk of the page at `pathname` when the page may have a first view ('page-view', 'page-link'), else null. */
export function firstViewPage(pathname: string): string | null {
  const route = matchRoute(pathname);
  // The shell names each page's chunk after its page (routing/route-pages.tsx).
  return route.page === 'view' || route.page === 'link' ? `page-${route.page}` : null;
}

/** The document a page shows: the view page's, or the one a live link opens (none while the link shows a lock or a refusal). */
function shownDocument(route: Route, resources: FirstViewData['resources']): { oid: string; document: PresentationDocument } | null {
  if (route.page === 'view') return { oid: route.oid, document: resources[viewedDocument({ oid: route.oid }).key] as PresentationDocument };
  if (route.page !== 'link') return null;
  const opening = resources[linkOpening(route.linkId).key] as ViewLinkOpening | undefined;
  const document = opening && (resources[viewedDocument({ oid: opening.presentation_oid, viewLinkId: route.linkId }).key] as PresentationDocument | undefined);
  return opening && document ? { oid: opening.presentation_oid, document } : null;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The text of the page's level-1 heading, which names the tab as the page's PageHeading does in the browser. */
function headingText(html: string): string | null {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return heading ? textOf(heading[1]).replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]).trim() : null;
}

/**
 * The first view of the page at `pathname`, or null when it has none: any page but a document's or a trackable
 * link's, or a document the visitor may not read. A link's page is written in every state the link answers.
 */
export async function renderFirstView({ pathname, search, locale, config, read, formToken, linkForm }: FirstViewRequest): Promise<RenderedFirstView | null> {
  const route = matchRoute(pathname);
  const embedded = new URLSearchParams(search).get('embed') === '1';
  if (!firstViewPage(pathname)) return null;
  const reads = route.page === 'link' ? await readLinkPage(route.linkId, read) : await readFirstView({ route, embedded }, read);
  if (!reads) return null;
  const resources = { ...reads };
  if (route.page === 'link' && linkForm) resources[linkFormOutcomeKey(route.linkId)] = linkForm;
  await Promise.all([loadPages(), preloadMessages(locale)]);

  const intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages: await loadMessages(locale), onError: () => undefined });
  const shown = shownDocument(route, resources);
  const store = firstViewStore(resources);
  if (shown) {
    const preview = documentPreview(shown.document, intl);
    store.dispatch(preview ? viewerActions.previewReady({ oid: shown.oid, url: preview }) : viewerActions.previewUnavailable({ oid: shown.oid, preview: 'none' }));
  }

  const written = new Set<RemoteName>();
  const slots: FirstViewSlots = {
    render: (remote, props) => {
      const part = remoteFirstView(remote, props, pathname, search);
      if (part !== undefined) written.add(remote);
      return part;
    },
  };
  // Synchronous from here on: the run-time configuration is this request's while it renders.
  setRuntimeConfig(config);
  const sheet = new ServerStyleSheet();
  try {
    const rendered = renderToString(
      sheet.collectStyles(
        <Providers store={store} locale={locale} slots={slots}>
          <FormTokenContext value={formToken}>
            <App pathname={pathname} search={search} />
          </FormTokenContext>
        </Providers>,
      ),
    );
    const app = presentSubmits(rendered);
    const head = [
      `<style ${FONT_STYLE_ATTRIBUTE}>${ralewayFontFaces}</style>`,
      `<style>${themeVariablesCss()}</style>`,
      sheet.getStyleTags(),
    ].join('');
    return {
      title: pageTitleText(intl, shown?.document.title ?? headingText(app) ?? ''),
      head,
      app,
      data: { resources, slots: [...written] },
      fonts: LATIN_EXT.test(textOf(app)) ? [...LATIN_EXT_FILES] : [],
    };
  } finally {
    sheet.seal();
  }
}
