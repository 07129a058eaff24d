import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/**
 * Checks every file of a remote's release against the SRI hashes of its index (`versions.json`, docs/integrating-a-remote.md,
 * "Integrity") before it runs. The manifest is compared with its hash when it arrives; every script is given its
 * hash as `integrity` (with `crossorigin`), so the browser itself refuses bytes that differ: the containers the
 * federation runtime creates through this plugin's `createScript`, and the chunks a container loads through its own
 * webpack runtime, which asks `globalThis.__deckReleaseIntegrity` (scripts/webpack/chunk-integrity.ts). A refused
 * file fails the load (`loadRemote` rejects), and never runs.
 */

/** A well-formed hash no file has: given to a file of a checked release that its index does not list, so it is refused. */
export const UNLISTED = `sha384-${'A'.repeat(64)}`;

const MANIFEST = 'mf-manifest.json';
/** A release folder (`1.2.0`) or a channel's (`latest`, `stable`) inside a remote's folder. */
const RELEASE_FOLDER = /^(\d+\.\d+\.\d+|latest|stable)$/;

interface IndexWithIntegrity {
  integrity?: Record<string, Record<string, string>>;
}

/** The folder a manifest's files are fetched from → the hashes of those files. */
const checkedFolders = new Map<string, Record<string, string>>();

/** The `integrity` a script at `url` must have: undefined for a file of no release this page checks. */
export function integrityOf(url: string): string | undefined {
  const href = new URL(url, document.baseURI).href;
  for (const [folder, files] of checkedFolders) if (href.startsWith(folder)) return files[href.slice(folder.length)] ?? UNLISTED;
  return undefined;
}

/** `…/remotes/<remote>/[<version>|latest|stable/]mf-manifest.json` → `…/remotes/<remote>/versions.json`. */
export function indexUrlOf(manifestUrl: string): string {
  const folder = new URL('.', manifestUrl);
  const last = folder.pathname.split('/').at(-2) ?? '';
  return new URL(RELEASE_FOLDER.test(last) ? '../versions.json' : 'versions.json', folder).href;
}

async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

function withIntegrity<E extends HTMLScriptElement | HTMLLinkElement>(element: E, integrity: string): E {
  element.integrity = integrity;
  element.crossOrigin = 'anonymous';
  return element;
}

/** The manifest at `url` once its bytes match its index's hash; the hashes of its release are kept for its scripts. */
async function checkedManifest(url: string, init: RequestInit): Promise<Response> {
  const [manifest, index] = await Promise.all([fetch(url, init), fetch(indexUrlOf(url)).catch(() => null)]);
  // A missing release answers its own 404 (RELEASE_NOT_FOUND), which the runtime reports as it is.
  if (!manifest.ok) return manifest;
  const bytes = await manifest.arrayBuffer();
  const version = (JSON.parse(new TextDecoder().decode(bytes)) as { metaData?: { buildInfo?: { buildVersion?: string } } }).metaData?.buildInfo?.buildVersion;
  const files = index?.ok ? ((await index.json()) as IndexWithIntegrity).integrity?.[version ?? ''] : undefined;
  if (!files) throw new Error(`Refused ${url}: its index (${indexUrlOf(url)}) lists no integrity hashes of release ${version}`);
  if ((await sha384(bytes)) !== files[MANIFEST]) throw new Error(`Refused ${url}: its bytes do not match the integrity hash of release ${version}`);
  checkedFolders.set(new URL('.', url).href, files);
  return new Response(bytes, { status: manifest.status, headers: manifest.headers });
}

export function releaseIntegrityPlugin(): ModuleFederationRuntimePlugin {
  globalThis.__deckReleaseIntegrity = integrityOf;
  return {
    name: 'deck-release-integrity',
    fetch(url: string, init: RequestInit) {
      return url.endsWith(MANIFEST) ? checkedManifest(url, init) : undefined;
    },
    createScript({ url }) {
      const integrity = integrityOf(url);
      if (integrity === undefined) return undefined;
      const script = document.createElement('script');
      script.src = url;
      return withIntegrity(script, integrity);
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url);
      if (integrity === undefined) return undefined;
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
      link.href = url;
      return withIntegrity(link, integrity);
    },
  };
}

declare global {
  // Read by the chunk loader of every container (scripts/webpack/chunk-integrity.ts).
  var __deckReleaseIntegrity: ((url: string) => string | undefined) | undefined;
}
