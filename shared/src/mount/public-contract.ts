/**
 * The part of every remote's `./mount` contract a host sees: published beside each manifest as
 * `types.d.ts` (scripts/webpack/publish-types.ts inlines this file into each remote's types). It
 * must stay self-contained: type declarations only, no imports.
 */

/** The languages the remotes speak. */
export type DeckLocale = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'hu' | 'it' | 'ja' | 'ko';

/** 'light' or 'dark' forces a theme; 'system' follows the user's prefers-color-scheme. */
export type DeckTheme = 'light' | 'dark' | 'system';

/**
 * Run-time settings the remotes read. Page-wide: what one `mount` call gives applies to every
 * remote on the page from then on; a setting never given keeps its default.
 */
export interface HostSettings {
  /** The product's short name: the prefix of window events (`<shortName>:privacy:settings:changed`) and analytics' event source. Default 'deck'. */
  shortName?: string;
  /** The presentation API's base, a path (resolved against the page's origin) or an absolute URL. Default '/api/v4'. */
  apiBase?: string;
  /** The v1 API's base (share, folders, contacts, referrals, log, analytics). Default: `apiBase` with v4 → v1. */
  apiV1Base?: string;
  /** The view-link API's base. Default '/api/v1/prezilink'. */
  viewLinkApiBase?: string;
  /** The product site (ends with '/'): the referral panel's 'See how' opens `<productSiteUrl>features/ai/`. Default '/'. */
  productSiteUrl?: string;
  /** Pre-production hosts: like calls carry basic authentication from the page URL; analytics only go to the console. Default false. */
  preProduction?: boolean;
  /** Send analytics from local hosts (localhost, 127.x, .local) instead of only printing them. Default false. */
  recordLocalAnalytics?: boolean;
  /** The card payment provider's script and the global it defines; absent: no card payments. */
  cardPayments?: { scriptUrl: string; globalName: string };
}

/** Props every remote's `mount` accepts besides its own. */
export interface CommonMountProps {
  /** Overrides the locale found on the page (lang attribute, then the `language` cookie, then en); a region is ignored ('de-AT' is de). */
  locale?: DeckLocale | `${DeckLocale}-${string}`;
  /** Default 'system'. */
  theme?: DeckTheme;
  /** Run-time settings (page-wide); see HostSettings. */
  settings?: HostSettings;
  /**
   * Hears every failure after mount (a load, a write, a refused write, a render), for the host's
   * monitoring. The same report is dispatched as the DOM event `<shortName>:remote:error` on the
   * mount element (it bubbles; `event.detail` is the report).
   */
  onError?: (report: RemoteErrorReport) => void;
}

/**
 * What failed, in stable codes: 'load-failed' (data the remote needs could not be loaded),
 * 'write-failed' (a change could not be saved: network or server fault), 'write-refused' (the server
 * refused a change: permissions, limits, a stale version), 'render-failed' (the remote's UI threw).
 */
export type RemoteErrorCode = 'load-failed' | 'write-failed' | 'write-refused' | 'render-failed';

/** A failure a remote reports to its host (CommonMountProps.onError and the `<shortName>:remote:error` event). */
export interface RemoteErrorReport {
  remote: DeckRemoteName;
  code: RemoteErrorCode;
  /** Whether the remote showed the failure to the person (a message, a tooltip); false: the host may want to. */
  shown: boolean;
  /** For developers and logs, in English; not for people. */
  message: string;
  /** The HTTP status, when the failure was an answer from the server. */
  status?: number;
  /** The server's reason code, when it gave one (e.g. 'document_closed'). */
  reason?: string;
}

/**
 * What `mount` returns: call it (or its `unmount`) to remove the remote, `update` to re-render with
 * changed props, plus the remote's own controller methods.
 */
export type MountHandle<Props, Controller extends object = object> = (() => void) &
  Controller & {
    /** Removes the remote; the same as calling the handle. */
    unmount(): void;
    /** Re-renders with these props merged over the last ones (the same as mounting again on the element). */
    update(props: Partial<Props & CommonMountProps>): void;
  };

/**
 * A remote's `mount(element, props)`: renders into `element` (mounting again on the same element
 * re-renders with the new props) and returns its handle. Throws a MountPropError at once when the
 * element or a prop is not what it expects.
 */
export type Mount<Props, Controller extends object = object> = ((element: Element, props: Props & CommonMountProps) => MountHandle<Props, Controller>) & {
  /** A hint that the remote is about to be mounted with these props: it may start loading their data. */
  prefetch?: (props: Partial<Props> & CommonMountProps) => void;
};

/** The remotes' names, as in `/config.json` and MountPropError.remote. */
export type DeckRemoteName = 'share-dialog' | 'like-button' | 'viewer-overlay' | 'referral-panel';

/**
 * The Error `mount` (or a controller method) throws when it is called wrongly. Its message names
 * the remote, the prop and what was expected, e.g.
 * `like-button: documentOid must be a non-empty string (got undefined)`.
 */
export interface MountPropError extends Error {
  name: 'MountPropError';
  remote: DeckRemoteName;
  /** The prop (or 'element', or a controller argument such as 'setMode(mode)') that was wrong. */
  prop: string;
  /** What was expected, in words. */
  expected: string;
}
