import type { DeckRemoteName, HostSettings, Mount } from './contract';

/** Where the remotes come from, and the host's settings every remote gets. */
export interface DeckConfig {
  /** The product's origin, e.g. 'https://deck.example.com'. */
  productOrigin: string;
  /** The release the page loads: a version ('1.0.0', recommended: its files never change), a channel ('stable', 'latest'); none: the newest. */
  release?: string;
  /** The remotes' HostSettings (apiBase, productSiteUrl…), given to every remote mounted (a component's own `settings` prop wins). */
  settings?: HostSettings;
}

type Loader = (remote: DeckRemoteName) => Promise<Mount<object, object>>;

let config: DeckConfig | null = null;
let loader: Promise<Loader> | null = null;
const mounts = new Map<DeckRemoteName, Promise<Mount<object, object>>>();

/**
 * Tells the package where the product is, once per page (the federation runtime is page-wide): `<DeckProvider>`
 * calls it, and a route loader that calls `preload` before any component rendered calls it first. Calling it again
 * with the same values does nothing; other values are an error, as a page cannot load two products' remotes.
 */
export function configureDeck(next: DeckConfig): void {
  if (config && JSON.stringify(config) !== JSON.stringify(next)) {
    throw new Error(`@deck/react is configured already with ${JSON.stringify(config)}; a page loads the remotes of one product and release`);
  }
  config = next;
}

export function deckConfig(): DeckConfig | null {
  return config;
}

/**
 * The remote's `mount`, loaded once per page however many components and `preload` calls ask for it (a failed
 * load is tried again by the next one). Rejects with the container's failure: a missing release, a file refused by
 * its integrity hash, the product out of reach.
 */
export function loadMount(remote: DeckRemoteName): Promise<Mount<object, object>> {
  let mount = mounts.get(remote);
  if (!mount) {
    if (!config) return Promise.reject(new Error(`@deck/react: ${remote} was asked for before configureDeck() or <DeckProvider> named the product`));
    const current = config;
    loader ??= import('./federation').then(({ startRuntime }) => startRuntime(current));
    mount = loader.then((load) => load(remote));
    mount.catch(() => mounts.delete(remote));
    mounts.set(remote, mount);
  }
  return mount;
}

/**
 * Starts loading remotes before they render, for a route's loader or a link's hover: each is fetched once, however
 * often this is called, and the components then mount without waiting. Resolves when they are loaded; never rejects
 * (a failed load reaches the component's `onError` when it mounts).
 */
export async function preload(...remotes: DeckRemoteName[]): Promise<void> {
  await Promise.all(remotes.map((remote) => loadMount(remote).catch(() => undefined)));
}

/** For the package's tests: forgets the configuration and every load. */
export function resetDeckForTests(): void {
  config = null;
  loader = null;
  mounts.clear();
}
