import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@deck/shared/api/contract';
import type { Mount } from '@deck/shared/mount/create-mount';

declare const __webpack_require__: { federation: { instance: ModuleFederation } };

/**
 * The federation runtime instance webpack already created for this build. Importing
 * '@module-federation/enhanced/runtime' instead would bundle a second copy of the runtime.
 */
function federation(): ModuleFederation {
  return __webpack_require__.federation.instance;
}

const containerName = (remote: RemoteName) => `deck_${remote.replace(/-/g, '_')}`;

let manifests: Record<RemoteName, string> | null = null;

/** Registers every remote from its manifest URL, read from run-time configuration. */
export function registerRemoteManifests(urls: Record<RemoteName, string>) {
  manifests = urls;
  federation().registerRemotes(
    (Object.keys(urls) as RemoteName[]).map((remote) => ({
      name: containerName(remote),
      entry: new URL(urls[remote], window.location.href).toString(),
    })),
  );
}

interface MountModule<P> {
  mount: Mount<P>;
}

/**
 * Loads a remote's `./mount`. After a failure the shared modules the failed attempt left broken are
 * dropped and the remote is registered again with `force`, so a retry fetches its manifest, its
 * container and any chunk that failed afresh instead of reusing the failed attempt.
 */
export async function loadRemoteMount<P>(remote: RemoteName, isRetry = false): Promise<Mount<P>> {
  if (!manifests) throw new Error('Remote manifests are not registered');
  if (isRetry) {
    // Only a retry after a failure needs the repair: its code is fetched then, not with every page.
    const { discardBrokenShares } = await import(/* webpackChunkName: "share-scope-repair" */ './share-scope-repair');
    await discardBrokenShares();
    federation().registerRemotes([{ name: containerName(remote), entry: new URL(manifests[remote], window.location.href).toString() }], {
      force: true,
    });
  }
  const module = await federation().loadRemote<MountModule<P>>(`${containerName(remote)}/mount`);
  if (!module || typeof module.mount !== 'function') throw new Error(`Remote ${remote} has no mount`);
  return module.mount;
}
