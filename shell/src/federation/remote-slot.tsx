import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { RemoteName } from '@deck/shared/api/contract';
import type { Mount } from '@deck/shared/mount/create-mount';
import type { MountHandle } from '@deck/shared/mount/public-contract';
import { getRuntimeConfig, hostSettingsOf } from '@deck/shared/config/runtime-config';
import { useThemeChoice } from '../theme/theme-choice';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { logger } from '@deck/shared/logging/logger';
import { loadRemoteMount } from './remote-loader';
import { trackRemoteLoad } from './remote-loads';
import { useFirstViewSlots } from '../first-view/first-view-slots';
import { keepFocusOnTakeOver } from '../first-view/keep-focus-on-take-over';

const Failure = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSoft};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

type Status = { kind: 'loading' } | { kind: 'ready'; mount: Mount<object> } | { kind: 'failed'; message: string };

/** Runs `work` as a transition, handing back what it returns or throws (`startTransition` reports a throw instead). */
function inTransition<T>(work: () => T): T {
  let outcome = { error: new Error('not run') } as { value: T } | { error: unknown };
  startTransition(() => {
    try {
      outcome = { value: work() };
    } catch (error) {
      outcome = { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** What the remote renders into its element is the remote's own: React never writes inside it. */
const REMOTE_OWNED = { __html: '' };

export interface RemoteSlotProps<P extends object, C extends object = object> {
  remote: RemoteName;
  props: P;
  /**
   * Called with the handle `mount` returned (the remote's controller) once the remote is mounted,
   * and with null once it is gone: the page drives the remote through it, as any host does.
   */
  onMount?: (handle: MountHandle<P, C> | null) => void;
  className?: string;
  /**
   * Called when the remote's `mount` throws (docs/integrating-a-remote.md: it throws synchronously
   * when it cannot work at all, e.g. the share dialog without its modal root).
   */
  onMountError?: (error: Error) => void;
}

/**
 * Loads a remote at run time and mounts it into its own element. A remote that fails to load
 * leaves the page usable: the slot shows what failed and offers a retry. A `mount` that throws
 * (the host's own mistake, such as a missing modal root) is caught here too: an error thrown from
 * a layout effect would otherwise unmount the whole host page.
 *
 * A slot the server wrote a first view into (docs/architecture.md, "The view page's first view") keeps it, without
 * a spinner, until the remote's first render replaces it (a React root empties its element when it
 * first renders); if the remote fails, the failure takes its place.
 */
export function RemoteSlot<P extends object, C extends object = object>({ remote, props: ownProps, className, onMountError, onMount }: RemoteSlotProps<P, C>) {
  // Remotes draw in the theme the demo's switch chose; a page's own `theme` prop still wins. The
  // run-time settings go to each remote through its props, as a host on another site gives them.
  const theme = useThemeChoice();
  const props = useMemo(() => ({ theme, settings: hostSettingsOf(getRuntimeConfig()), ...ownProps }), [theme, ownProps]);
  const element = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const firstViewSlots = useFirstViewSlots();
  const serverFirstView = firstViewSlots.render?.(remote, props);
  const [showsFirstView, setShowsFirstView] = useState(() => serverFirstView !== undefined || firstViewSlots.written?.has(remote) === true);
  const replacesFirstView = useRef(showsFirstView);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setStatus({ kind: 'loading' });
    trackRemoteLoad(loadRemoteMount<object>(remote, attempt > 0))
      .then((mount) => {
        if (!cancelled) setStatus({ kind: 'ready', mount });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        void logger.error({ object: 'remote', action: 'load', trigger: 'page_load', name: remote, message });
        if (!cancelled) setStatus({ kind: 'failed', message });
      });
    return () => {
      cancelled = true;
    };
  }, [remote, attempt]);

  const mount = status.kind === 'ready' ? status.mount : null;
  const mounted = useRef<{ mount: Mount<object>; unmount: () => void } | null>(null);
  const stopKeepingFocus = useRef<(() => void) | null>(null);
  const [mountError, setMountError] = useState<string | null>(null);
  const reportMountError = useRef(onMountError);
  reportMountError.current = onMountError;
  const reportMount = useRef(onMount);
  reportMount.current = onMount;

  // Re-mounting on the same element updates the remote's props without a second React root;
  // a different mount function (after a retry) replaces the previous root. New props try again.
  useLayoutEffect(() => {
    if (!mount || !element.current) return;
    if (mounted.current && mounted.current.mount !== mount) {
      mounted.current.unmount();
      mounted.current = null;
    }
    try {
      const isNew = !mounted.current;
      // Replacing the server's first view is not urgent (it is on screen, and looks the same): the remote's
      // first render is a transition, rendered in slices apart from the host's commit, instead of one long
      // task; the server's markup stays until that render commits.
      const target = element.current;
      const replacing = isNew && replacesFirstView.current;
      if (replacing) stopKeepingFocus.current = keepFocusOnTakeOver(target);
      const handle = replacing ? inTransition(() => mount(target, props)) : mount(target, props);
      replacesFirstView.current = false;
      mounted.current = { mount, unmount: handle };
      setShowsFirstView(false);
      setMountError(null);
      if (isNew) reportMount.current?.(handle as MountHandle<P, C>);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      void logger.error({ object: 'remote', action: 'mount', trigger: 'render', name: remote, message: error.message });
      setMountError(error.message);
      reportMountError.current?.(error);
    }
  }, [mount, props, remote]);

  useEffect(
    () => () => {
      stopKeepingFocus.current?.();
      const unmount = mounted.current?.unmount;
      mounted.current = null;
      if (unmount) reportMount.current?.(null);
      // Unmount after the host's own commit finishes: React forbids unmounting a root mid-render.
      if (unmount) queueMicrotask(unmount);
    },
    [],
  );

  // A failure shows in place of the first view, which would only pretend the part works.
  const failed = status.kind === 'failed' || mountError !== null;
  useLayoutEffect(() => {
    if (!failed || !showsFirstView) return;
    element.current?.replaceChildren();
    setShowsFirstView(false);
  }, [failed, showsFirstView]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return (
    <div className={className} data-remote={remote}>
      {status.kind === 'loading' && !showsFirstView ? <Spinner /> : null}
      {status.kind === 'failed' ? (
        <Failure role="alert">
          <span>
            <FormattedMessage
              id="shell.remote.failed"
              defaultMessage="This part of the page could not be loaded ({remote})."
              values={{ remote }}
            />
          </span>
          <Button $variant="secondary" onClick={retry}>
            <FormattedMessage id="shell.remote.retry" defaultMessage="Retry" />
          </Button>
        </Failure>
      ) : null}
      {mountError !== null ? (
        <Failure role="alert">
          <span>
            <FormattedMessage
              id="shell.remote.mountFailed"
              defaultMessage="This part of the page could not be shown ({remote}): {message}"
              values={{ remote, message: mountError }}
            />
          </span>
        </Failure>
      ) : null}
      {serverFirstView === undefined ? <div ref={element} dangerouslySetInnerHTML={REMOTE_OWNED} /> : <div ref={element}>{serverFirstView}</div>}
    </div>
  );
}
