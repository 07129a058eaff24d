import { readChunkStats, type ChunkStats } from './chunk-stats';

const statsByBuild = new Map<string, ChunkStats>();

/** The build and file a script URL was served from: /assets/<file> is the shell, /remotes/<name>/[<release>/]<file> a remote. */
export function builtFile(url: string): { build: string; file: string } | null {
  const { pathname } = new URL(url);
  const shell = pathname.match(/^\/assets\/(.+\.js)$/);
  if (shell) return { build: 'shell', file: shell[1] };
  // A release (/remotes/<name>/1.2.0/…) or a channel (…/latest/…, …/stable/…) has the build's own file names.
  const remote = pathname.match(/^\/remotes\/([^/]+)\/(?:(?:\d+\.\d+\.\d+|latest|stable)\/)?(.+\.js)$/);
  return remote ? { build: remote[1], file: remote[2] } : null;
}

/**
 * Each container (the shell, every remote) carries the small webpack side of the federation runtime,
 * bound to its own module table: it cannot be shared. The runtime core itself loads once (the shell
 * provides it to every remote), which e2e/federation.spec.ts holds. The containers' stand-in for the
 * runtime wrapper's error texts (webpack.config.ts, remoteConfig) is part of that side, and so is the
 * handing over of the webpack bundler runtime (shell/src/federation/bundler-runtime-handoff.ts): the page's
 * side in the shell, each container's check of it in that container.
 */
const PER_CONTAINER = /^(node_modules\/@module-federation\/|scripts\/webpack\/(runtime-descriptions-unused\.mjs|bundler-runtime-from-host\.ts)$|shell\/src\/federation\/bundler-runtime-handoff\.ts$)/;

function modulesOf(url: string): { file: string; modules: string[] } | null {
  const built = builtFile(url);
  if (!built) return null;
  if (!statsByBuild.has(built.build)) statsByBuild.set(built.build, readChunkStats(built.build));
  return { file: `${built.build}/${built.file}`, modules: statsByBuild.get(built.build)![built.file] ?? [] };
}

/** Every source module the given scripts carry. */
export function modulesLoaded(urls: string[]): string[] {
  return [...new Set(urls.flatMap((url) => modulesOf(url)?.modules ?? []))].sort();
}

/** Source modules that two of the given scripts both carry (each downloaded, parsed and kept twice). */
export function modulesInTwoScripts(urls: string[]): Record<string, string[]> {
  const seenIn = new Map<string, string[]>();
  for (const url of urls) {
    const loaded = modulesOf(url);
    if (!loaded) continue;
    for (const module of loaded.modules.filter((name) => !PER_CONTAINER.test(name))) {
      seenIn.set(module, [...(seenIn.get(module) ?? []), loaded.file]);
    }
  }
  return Object.fromEntries([...seenIn].filter(([, files]) => files.length > 1));
}

/** Every source module of every build, for checks that something is in no bundle at all. */
export function allBundledModules(builds: string[]): string[] {
  return builds.flatMap((build) => Object.values(readChunkStats(build)).flat());
}
