import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName, RuntimeConfig } from '@deck/shared/api/contract';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { SHELL_PAGE_ASSETS_FILE, type ShellPageAssets, type TakeOverFile } from '@deck/shared/first-view/first-view-contract';

/** A font the page's head preloads (`as: 'font'`), or a file the take-over fetches once the first view is painted. */
export type Preload = TakeOverFile | { href: string; as: 'font'; cors?: boolean };

/**
 * The first view needs no script: a script named early (a 103's link) comes at the low priority the browser gives
 * a deferred script, so the page's text, fonts and image keep the bandwidth of a slow connection.
 */
const lowPriority = (as: Preload['as']) => as !== 'font';

/** The fonts the shell's index.html preloads (scripts/webpack's PreloadFontsPlugin), for a 103 Early Hints. */
export function htmlFontPreloads(html: string): Preload[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel="?preload"?/i.test(tag) && /\bas="?font"?/i.test(tag))
    .flatMap((tag) => {
      const href = /\bhref="?([^"\s>]+)"?/i.exec(tag)?.[1];
      return href ? [{ href, as: 'font' as const, cors: true }] : [];
    });
}

/** The part of a remote's mf-manifest.json the preloads need. */
interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ path: string; assets: { js: { sync: string[] } } }>;
}

/** A JSON file read again only when it changed (a rebuild while the server runs). */
function jsonReader() {
  const cache = new Map<string, { mtimeMs: number; value: unknown }>();
  return <T>(file: string): T | undefined => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value as T;
    try {
      const value = JSON.parse(readFileSync(file, 'utf8')) as T;
      cache.set(file, { mtimeMs, value });
      return value;
    } catch {
      return undefined;
    }
  };
}

const SHELL_BASE = '/assets/';

/**
 * The files a page with a first view uses as it takes it over, computed from the build's manifests (the shell's
 * page assets, each remote's mf-manifest.json) so the browser fetches them at once instead of one after the
 * other: the shell's bootstrap and the page's chunk with the shared modules they use, the visitor's language,
 * and each remote's manifest, container and `./mount` chunks; not the entry, which the page's HTML names and
 * which asks for these. A remote served from elsewhere (REMOTE_<NAME>_URL) is not this server's to know: it is
 * left to the page.
 */
export function pageAssets(staticDir: string, ownRemotes: ReadonlySet<RemoteName>) {
  const read = jsonReader();
  const shellAssets = () => read<ShellPageAssets>(join(staticDir, 'first-view', SHELL_PAGE_ASSETS_FILE));

  function remotePreloads(remote: RemoteName, manifestUrl: string): TakeOverFile[] {
    if (!ownRemotes.has(remote)) return [];
    const manifest = read<RemoteManifest>(join(staticDir, 'remotes', remote, 'mf-manifest.json'));
    const mount = manifest?.exposes.find((expose) => expose.path === './mount');
    if (!manifest || !mount) return [];
    const file = (name: string) => new URL(name, manifestUrl).toString();
    const { remoteEntry } = manifest.metaData;
    return [
      { href: manifestUrl, as: 'fetch', cors: true, validated: true },
      { href: file(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`), as: 'script', validated: true },
      ...mount.assets.js.sync.map((name): TakeOverFile => ({ href: file(name), as: 'script' })),
    ];
  }

  return {
    /** What the page at `page` ('page-view') fetches to take over its first view. */
    takeOverFiles(page: string, locale: SupportedLocale, remotes: readonly RemoteName[], config: Pick<RuntimeConfig, 'remotes'>): TakeOverFile[] {
      const shell = shellAssets();
      const catalogue = shell?.catalogues[locale];
      const entry = new Set(shell?.entry);
      const files = shell ? [...new Set([...shell.start, ...(shell.pages[page] ?? []), ...(catalogue ? [catalogue] : [])])].filter((name) => !entry.has(name)) : [];
      return [
        ...files.map((name): TakeOverFile => ({ href: `${SHELL_BASE}${name}`, as: 'script' })),
        ...remotes.flatMap((remote) => remotePreloads(remote, config.remotes[remote])),
      ];
    },
    /** Font files beyond those the page's HTML preloads (URLs under the shell's /assets/). */
    fonts(urls: readonly string[]): Preload[] {
      return urls.map((href): Preload => ({ href, as: 'font', cors: true }));
    },
  };
}

export type PageAssets = ReturnType<typeof pageAssets>;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link rel="preload">` elements for the page's head. */
export function preloadTags(preloads: readonly Preload[]): string {
  return preloads
    .map(
      ({ href, as, cors }) =>
        `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'font' ? ' type="font/woff2"' : ''}${cors ? ' crossorigin' : ''}${lowPriority(as) ? ' fetchpriority="low"' : ''}>`,
    )
    .join('');
}

/** The same as `Link` header values, for a 103 Early Hints response. */
export function preloadLinks(preloads: readonly Preload[]): string[] {
  return preloads.map(({ href, as, cors }) => `<${encodeURI(decodeURI(href))}>; rel=preload; as=${as}${cors ? '; crossorigin' : ''}${lowPriority(as) ? '; fetchpriority=low' : ''}`);
}
