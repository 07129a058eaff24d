import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { RemoteErrorBoundary } from '@deck/shared/mount/remote-error-boundary';
import { getSharedStore, type AppStore } from '@deck/shared/store/store';
import { resolveLocale } from '@deck/shared/intl/locale';
import type { ThemePreference } from '@deck/shared/theme/theme';

/** Props every remote's `mount` accepts besides its own. */
export interface CommonMountProps {
  /** A host may pass its store; without one the page's shared store is used (created on first use). */
  store?: AppStore;
  /** Overrides the locale found on the page (lang attribute, then language cookie). */
  locale?: string;
  /** 'light' or 'dark' forces a theme; 'system' (the default) follows the user's prefers-color-scheme. */
  theme?: ThemePreference;
}

export type Mount<P> = ((element: Element, props: P & CommonMountProps) => () => void) & {
  /** A host's hint that the remote is about to be mounted with these props: it may start loading their data. */
  prefetch?: (props: Partial<P> & CommonMountProps) => void;
};

/**
 * The mount contract of every remote: `mount(element, props)` renders into the element and
 * returns `unmount`. Mounting again on the same element re-renders it with the new props
 * (one React root per element), as bridge-react's createBridgeComponent does.
 */
export function createMount<P extends object>(
  name: string,
  App: ComponentType<P>,
  onStore?: (store: AppStore) => void,
): Mount<P> {
  const roots = new WeakMap<Element, Root>();

  return (element, props) => {
    if (!element) throw new Error(`${name}: mount needs a DOM element`);
    const { store: givenStore, locale, theme, ...ownProps } = props;
    const store = givenStore ?? getSharedStore();
    onStore?.(store);

    let root = roots.get(element);
    if (!root) {
      root = createRoot(element);
      roots.set(element, root);
    }
    const mountedRoot = root;
    mountedRoot.render(
      <AppProviders store={store} locale={resolveLocale(locale)} theme={theme}>
        <RemoteErrorBoundary name={name}>
          <App {...(ownProps as P)} />
        </RemoteErrorBoundary>
      </AppProviders>,
    );

    return () => {
      if (roots.get(element) !== mountedRoot) return;
      roots.delete(element);
      mountedRoot.unmount();
    };
  };
}
