import { useCallback, useEffect, useRef } from 'react';
import type { RemoteName } from '@deck/shared/api/contract';
import { loadRemoteMount } from './remote-loader';
import { remoteLoadsSettled } from './remote-loads';

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1000);
  return () => window.clearTimeout(handle);
};

/**
 * Loads a remote before it is needed, code and data (the remote's `mount.prefetch`): once the page's
 * own remotes are in and the page is idle, and at once when the user shows intent — the returned
 * handlers go on the button that opens it (hover, focus). A failed prefetch is silent: the slot
 * that mounts the remote reports and retries.
 */
export function useRemotePrefetch<P extends object>(remote: RemoteName, props: P) {
  const dataRequested = useRef<P | null>(null);

  const prefetch = useCallback(() => {
    if (dataRequested.current === props) return;
    dataRequested.current = props;
    loadRemoteMount<P>(remote)
      .then((mount) => mount.prefetch?.(props))
      .catch(() => {
        dataRequested.current = null;
      });
  }, [remote, props]);

  // After the page's own remotes, so that no two containers load at the same moment.
  useEffect(() => {
    let cancelIdle = () => {};
    let cancelled = false;
    void remoteLoadsSettled().then(() => {
      if (!cancelled) cancelIdle = whenIdle(prefetch);
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [prefetch]);

  return { onPointerEnter: prefetch, onFocus: prefetch };
}
