import type { PageConfig, RemoteName } from '@deck/shared/api/contract';
import type { JsonRequest } from '@deck/shared/api/json-request';
import type { LinkFormOutcome } from '@deck/shared/domains/view-links/link-page-forms';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';

/**
 * What the server writes into a page besides its markup, as `application/json` script blocks (data, never run,
 * so the Content-Security-Policy still allows no inline script): the run-time configuration on every page,
 * and on a page with a first view (docs/architecture.md, "The view page's first view") the answers that view was
 * written from, so the browser reads none of them again.
 */
export const CONFIG_SCRIPT_ID = 'deck-config';
export const FIRST_VIEW_SCRIPT_ID = 'deck-first-view';
/**
 * The files the take-over fetches (the shell's chunks, each remote's manifest, container and mount chunk), named by
 * the server from the build's manifests and preloaded by the bootstrap once the first view is painted: the page's
 * HTML preloads only its fonts, so no script competes with what the visitor sees first.
 */
export const TAKE_OVER_FILES_SCRIPT_ID = 'deck-take-over-files';

/** One file the take-over fetches, as the page will ask for it (the same URL, kind and CORS mode, or it is fetched twice). */
export interface TakeOverFile {
  href: string;
  as: 'script' | 'fetch';
  /** Fetched with CORS (the manifests the federation runtime fetches). */
  cors?: boolean;
  /** The browser asks the server again on each use (a release channel's manifest and container, `no-cache`): not fetched ahead. */
  validated?: boolean;
}

export interface FirstViewData {
  /** The small data path's answers, by resource key: the document, the session, the demo listing. */
  resources: Record<string, unknown>;
  /** The remotes whose slots hold the server's first view, which each remote replaces when it first renders. */
  slots: RemoteName[];
}

/** How the server reads an API answer as the visitor, for the first view (its own routes, with their cookies): a refusal's body too. */
export type ServerRead = (request: JsonRequest) => Promise<{ status: number; data: unknown }>;

export interface FirstViewRequest {
  pathname: string;
  /** The query, with its '?' (or empty). */
  search: string;
  locale: SupportedLocale;
  config: PageConfig;
  read: ServerRead;
  /** The visitor's CSRF token, for the page's plain forms (a trackable link's lock forms). */
  formToken: string;
  /** On a trackable link's page: what its last lock form's post came to (link-page-forms.ts), else null. */
  linkForm: LinkFormOutcome | null;
}

export interface RenderedFirstView {
  /** The tab's title. */
  title: string;
  /** Style elements for the head: the fonts, the themes' colours and the components' rules. */
  head: string;
  /** The inside of the page's `#app` element. */
  app: string;
  /** What the page embeds as JSON for the browser, so it reads none of it again. */
  data: FirstViewData;
  /**
   * Font files the first view needs beyond the latin subset the page's HTML preloads: the latin-ext subset when
   * its text has such a character (Hungarian ő and ű, …), which the browser would find only once it lays the text out.
   */
  fonts: string[];
}

/** What the first-view bundle (dist/first-view/render.js) exports to the server. */
export interface FirstViewRenderer {
  firstViewPage(pathname: string): string | null;
  renderFirstView(request: FirstViewRequest): Promise<RenderedFirstView | null>;
}

/**
 * The shell's files a page needs as it starts, for the server's preloads (server/src/first-view/page-assets.ts):
 * the entry, the bootstrap, each page's chunk, each with the chunks of the shared modules it uses (webpack
 * fetches those with the chunk: its federation runtime loads a chunk's shared modules before running it),
 * and each language's messages.
 */
export interface ShellPageAssets {
  entry: string[];
  start: string[];
  pages: Record<string, string[]>;
  catalogues: Record<string, string>;
}

export const SHELL_PAGE_ASSETS_FILE = 'shell-assets.json';
