import type { DeckRemoteName, Mount } from '@deck/shared/mount/public-contract';
import { init, loadRemote } from '../federation/page-runtime';
import { defineDeckElements } from './deck-elements';

/**
 * `/remotes/elements/<release>/elements.js`, the one script a page needs for the web components
 * (docs/integrating-a-remote.md, "A plain page or any framework: web components"): the page runtime (with its integrity
 * check) and the four elements, which load the remotes of the same release from the same origin.
 */
declare const __webpack_public_path__: string;

/** This script's folder `…/remotes/elements/[<release>/]` → the manifest of a remote of that release. */
function manifestUrl(scriptFolder: string, remote: DeckRemoteName): string {
  const at = scriptFolder.lastIndexOf('/elements/');
  return `${scriptFolder.slice(0, at)}/${remote}/${scriptFolder.slice(at + '/elements/'.length)}mf-manifest.json`;
}

const REMOTES: DeckRemoteName[] = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];
const container = (remote: DeckRemoteName) => `deck_${remote.replaceAll('-', '_')}`;

init({ name: 'deck_elements', remotes: REMOTES.map((remote) => ({ name: container(remote), entry: manifestUrl(__webpack_public_path__, remote) })) });

const mounts = new Map<DeckRemoteName, Promise<Mount<object, object>>>();
defineDeckElements((remote) => {
  let mount = mounts.get(remote);
  if (!mount) {
    mount = loadRemote<{ mount: Mount<object, object> }>(`${container(remote)}/mount`).then((module) => {
      if (!module) throw new Error(`${remote} has no mount`);
      return module.mount;
    });
    // A failed load is tried again by the next element connected.
    mount.catch(() => mounts.delete(remote));
    mounts.set(remote, mount);
  }
  return mount;
});
