import { createContext, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { PLACEHOLDER_SIZES } from '@deck/shared/mount/placeholder-sizes';
import { configureDeck, loadMount, type DeckConfig } from './config';
import type { CommonMountProps, DeckRemoteName, MountHandle, RemoteErrorReport } from './contract';

const SettingsContext = createContext<DeckConfig['settings']>(undefined);

/**
 * Names the product (its origin and release) and the host's settings for every component under it. It renders
 * nothing of its own, so a server layout can hold it.
 */
export function DeckProvider({ children, ...config }: DeckConfig & { children?: ReactNode }): ReactNode {
  // The page's configuration: a server renders placeholders only, and may serve pages of other settings.
  if (typeof window !== 'undefined') configureDeck(config);
  return <SettingsContext.Provider value={config.settings}>{children}</SettingsContext.Provider>;
}

/** What every component takes besides its remote's mount props. */
export interface RemoteComponentProps {
  /** Shown while the remote loads, and instead of it when it could not be loaded (inside its placeholder). */
  fallback?: ReactNode;
  /** The placeholder's class (the remote renders inside it). */
  className?: string;
}

type Props<MountProps> = MountProps & CommonMountProps & RemoteComponentProps;

/** A remote's component: its mount props, `fallback`, `className`, and `handleRef`, which receives the mount handle (then null). */
export type RemoteComponent<MountProps, Controller extends object = object> = ((
  props: Props<MountProps> & { handleRef?: (handle: MountHandle<MountProps, Controller> | null) => void },
) => ReactNode) & { displayName: string };

/**
 * A remote as a React component: its props are the remote's mount props. On the server, and until the remote is
 * loaded, it renders a placeholder of the remote's size (PLACEHOLDER_SIZES, the web components' too) with the
 * `fallback` in it. In the browser it mounts the remote into that placeholder, re-renders it (`update`) when its
 * props change and unmounts it when the component unmounts; under strict mode's mount, unmount, mount exactly one
 * mount is alive. A container that could not be loaded (a missing release, a file refused by its integrity hash, the
 * product out of reach) reaches `onError` as a 'load-failed' report, like every failure after mount.
 */
export function remoteComponent<MountProps extends object, Controller extends object = object>(
  remote: DeckRemoteName,
  withDefaults: (props: Props<MountProps>, modalRoot: () => string) => Props<MountProps> = (props) => props,
): RemoteComponent<MountProps, Controller> {
  const size = PLACEHOLDER_SIZES[remote];
  const placeholderStyle: CSSProperties | undefined = size ? { display: 'block', minWidth: size.width, minHeight: size.height } : undefined;

  function RemoteComponent(allProps: Props<MountProps> & { handleRef?: (handle: MountHandle<MountProps, Controller> | null) => void }): ReactNode {
    const { fallback, className, handleRef, ...props } = allProps;
    const settings = useContext(SettingsContext);
    const element = useRef<HTMLDivElement>(null);
    const handle = useRef<MountHandle<MountProps, Controller> | null>(null);
    const modalRoot = useRef<HTMLElement | null>(null);
    const [mounted, setMounted] = useState(false);
    const onHandle = useRef(handleRef);
    onHandle.current = handleRef;
    // The props of the latest render: a load that finishes later mounts with these.
    const latest = useRef<() => Props<MountProps>>(null);
    latest.current = () =>
      withDefaults({ ...props, settings: { ...settings, ...props.settings } } as Props<MountProps>, () => {
        // Without a root of the host's, the dialog's own at the end of the body (outside any overflow), as the web component does.
        if (!modalRoot.current) {
          modalRoot.current = document.body.appendChild(document.createElement('div'));
          modalRoot.current.id = `deck-modal-root-${Math.random().toString(36).slice(2)}`;
        }
        return modalRoot.current.id;
      });

    useEffect(() => {
      let alive = true;
      const report = (code: RemoteErrorReport['code'], message: string) => latest.current?.().onError?.({ remote, code, shown: false, message });
      loadMount(remote).then(
        (mount) => {
          if (!alive || !element.current || !latest.current) return;
          try {
            handle.current = mount(element.current, latest.current()) as MountHandle<MountProps, Controller>;
            onHandle.current?.(handle.current);
            setMounted(true);
          } catch (error) {
            // A MountPropError names the prop and what it expected.
            report('render-failed', error instanceof Error ? error.message : String(error));
          }
        },
        (error: unknown) => {
          if (alive) report('load-failed', `${remote} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
      return () => {
        alive = false;
        const current = handle.current;
        handle.current = null;
        current?.unmount();
        onHandle.current?.(null);
        setMounted(false);
        modalRoot.current?.remove();
        modalRoot.current = null;
      };
      // Mounted once per component; later props go through `update` (below).
    }, []);

    useEffect(() => {
      if (handle.current && latest.current) handle.current.update(latest.current());
    });

    return (
      <div className={className} style={placeholderStyle} data-deck-remote={remote}>
        {!mounted && fallback}
        <div ref={element} />
      </div>
    );
  }
  RemoteComponent.displayName = remote.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
  return RemoteComponent;
}
