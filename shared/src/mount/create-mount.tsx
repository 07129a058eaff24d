import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { RemoteErrorBoundary } from '@deck/shared/mount/remote-error-boundary';
import { createErrorReporter, RemoteErrorReportProvider, type ReportError } from '@deck/shared/mount/remote-error-report';
import { getSharedStore, type AppStore } from '@deck/shared/store/store';
import { resolveLocale } from '@deck/shared/intl/locale';
import { SUPPORTED_LOCALES } from '@deck/shared/intl/supported-locales';
import { getRuntimeConfig, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import type { CommonMountProps as PublicCommonMountProps, DeckRemoteName, MountHandle } from '@deck/shared/mount/public-contract';
import { assertElement, expect, optional, propValidator, type PropRule } from '@deck/shared/mount/validate-props';

/** Props every remote's `mount` accepts besides its own (docs/integrating-a-remote.md). */
export interface CommonMountProps extends PublicCommonMountProps {
  /**
   * Not part of the published contract: the remotes' own tests isolate a remote with a store of
   * their own. Without one the page's shared store is used (created on first use).
   */
  store?: AppStore;
}

export type Mount<P, C extends object = object> = ((element: Element, props: P & CommonMountProps) => MountHandle<P, C>) & {
  /** A host's hint that the remote is about to be mounted with these props: it may start loading their data. */
  prefetch?: (props: Partial<P> & CommonMountProps) => void;
};

/** What a remote's controller may use: the store it renders from and the props it was last mounted with. */
export interface ControllerContext<P> {
  store: AppStore;
  props: () => P;
}

export interface MountOptions<P, C extends object> {
  /** Throws a MountPropError for wrong props (see `propValidator`); runs before anything renders. */
  validate?: (props: unknown) => void;
  /** Called with the store on every mount, e.g. to inject the remote's slices. */
  onStore?: (store: AppStore) => void;
  /** The remote's own controller methods, carried by the handle `mount` returns. */
  controller?: (context: ControllerContext<P>) => C;
}

const supportedLocale = (value: unknown) =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value.trim().toLowerCase().split(/[-_]/)[0]);

const settingsFields = {
  shortName: optional(expect.nonEmptyString('shortName')),
  apiBase: optional(expect.nonEmptyString('apiBase')),
  apiV1Base: optional(expect.nonEmptyString('apiV1Base')),
  viewLinkApiBase: optional(expect.nonEmptyString('viewLinkApiBase')),
  productSiteUrl: optional(expect.nonEmptyString('productSiteUrl')),
  preProduction: optional(expect.boolean('preProduction')),
  recordLocalAnalytics: optional(expect.boolean('recordLocalAnalytics')),
  cardPayments: optional(expect.object('cardPayments', { scriptUrl: expect.nonEmptyString('scriptUrl'), globalName: expect.nonEmptyString('globalName') })),
};

/** The rules for the common props, checked before each remote's own. */
export const COMMON_PROP_RULES: readonly PropRule[] = [
  optional({ prop: 'locale', expected: `a language tag starting with ${SUPPORTED_LOCALES.join(', ')}`, test: supportedLocale }),
  optional(expect.oneOf('theme', ['light', 'dark', 'system'])),
  optional(expect.object('settings', settingsFields)),
  optional(expect.function('onError')),
];

/** Spreads host settings over the page's run-time configuration (page-wide, as HostSettings says). */
function applySettings(settings: PublicCommonMountProps['settings']) {
  if (settings) setRuntimeConfig({ ...getRuntimeConfig(), ...settings });
}

/**
 * The mount contract of every remote: `mount(element, props)` checks its arguments, renders into
 * the element and returns a handle that unmounts when called and carries the remote's controller.
 * Mounting again on the same element re-renders it with the new props (one React root per element),
 * as bridge-react's createBridgeComponent does.
 */
export function createMount<P extends object, C extends object = object>(
  name: DeckRemoteName,
  App: ComponentType<P>,
  options: MountOptions<P, C> = {},
): Mount<P, C> {
  const mounted = new WeakMap<Element, { root: Root; props: P & CommonMountProps; report: ReportError }>();
  const validateCommon = propValidator(name, COMMON_PROP_RULES);

  const mount = (element: Element, props: P & CommonMountProps): MountHandle<P, C> => {
    assertElement(name, element);
    validateCommon(props);
    options.validate?.(props);
    const { store: givenStore, locale, theme, settings, onError: _onError, ...ownProps } = props;
    applySettings(settings);
    const store = givenStore ?? getSharedStore();
    options.onStore?.(store);

    let entry = mounted.get(element);
    if (!entry) {
      // The reporter reads the latest props' onError, so `update({ onError })` takes effect at once.
      const report = createErrorReporter(name, element, () => mounted.get(element)?.props.onError);
      entry = { root: createRoot(element), props, report };
      mounted.set(element, entry);
    }
    entry.props = props;
    const { root, report } = entry;
    root.render(
      <AppProviders store={store} locale={resolveLocale(locale)} theme={theme}>
        <RemoteErrorReportProvider value={report}>
          <RemoteErrorBoundary name={name}>
            <App {...(ownProps as P)} />
          </RemoteErrorBoundary>
        </RemoteErrorReportProvider>
      </AppProviders>,
    );

    const unmount = () => {
      if (mounted.get(element)?.root !== root) return;
      mounted.delete(element);
      root.unmount();
    };
    const latestProps = () => (mounted.get(element)?.props ?? props) as P;
    const controller = options.controller?.({ store, props: latestProps });
    return Object.assign(unmount, controller, {
      unmount,
      update: (next: Partial<P & CommonMountProps>) => {
        const current = mounted.get(element);
        // An unmounted remote stays unmounted: only `mount` brings it back.
        if (current?.root === root) mount(element, { ...current.props, ...next });
      },
    });
  };
  return mount;
}
