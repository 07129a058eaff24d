import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every place where our build or our pages rely on what `@module-federation/*` (and webpack's sharing) do
 * inside, beyond their documented options: what each relies on, where it lives, and a check of exactly that
 * against the installed packages. `federation-workarounds.test.ts` runs the checks, so an upgrade that moves
 * any of it fails a test that names the workaround to revisit instead of a page that breaks at run time
 * (docs/decisions.md, "Smaller containers and federation runtime" and "Retrying a remote that failed").
 */
export interface FederationWorkaround {
  name: string;
  /** The files that carry it. */
  files: string[];
  /** What it relies on, in a sentence. */
  reliesOn: string;
  /** What no longer holds, given a reader of installed package files ('' when all holds). */
  check(read: PackageReader): string[];
}

/** Reads a file of an installed package, by package name and path inside it; null when it is missing. */
export type PackageReader = (packageName: string, file: string) => string | null;

const root = path.resolve(__dirname, '..', '..');

export const readInstalled: PackageReader = (packageName, file) => {
  try {
    return readFileSync(path.join(root, 'node_modules', packageName, file), 'utf8');
  } catch {
    return null;
  }
};

/** Each needle that the file does not contain (or the file itself, when it is missing). */
function lacks(read: PackageReader, packageName: string, file: string, needles: Array<string | RegExp>): string[] {
  const text = read(packageName, file);
  if (text === null) return [`${packageName}/${file} is gone`];
  return needles
    .filter((needle) => (typeof needle === 'string' ? !text.includes(needle) : !needle.test(text)))
    .map((needle) => `${packageName}/${file} no longer has ${String(needle)}`);
}

export const FEDERATION_WORKAROUNDS: FederationWorkaround[] = [
  {
    name: 'bundler-runtime hand-over',
    files: ['shell/src/federation/bundler-runtime-provider.ts', 'shell/src/federation/bundler-runtime-handoff.ts', 'scripts/webpack/bundler-runtime-from-host.ts', 'scripts/webpack/host-bundler-runtime.ts'],
    reliesOn:
      "the federation entry imports the webpack bundler runtime from '@module-federation/webpack-bundler-runtime/bundler' and copies its default export's keys onto __webpack_require__.federation unless runtime and bundlerRuntime are already there; that default export carries bundlerRuntime and attachShareScopeMap, and initContainerEntry lives in dist/initContainerEntry.js",
    check: (read) => [
      ...lacks(read, '@module-federation/webpack-bundler-runtime', 'package.json', ['"./bundler": "./dist/bundler.js"']),
      ...lacks(read, '@module-federation/webpack-bundler-runtime', 'dist/index.js', ['bundlerRuntime,', 'attachShareScopeMap,', /export \{[^}]*federation as default/]),
      ...lacks(read, '@module-federation/webpack-bundler-runtime', 'dist/initContainerEntry.js', ['initContainerEntry']),
      ...lacks(read, '@module-federation/enhanced', 'dist/src/lib/container/runtime/FederationRuntimePlugin.js', [
        'static getTemplate(compiler, options, bundlerRuntimePath)',
        '.runtime || !${federationGlobal}.bundlerRuntime',
      ]),
    ],
  },
  {
    name: 'share-scope repair',
    files: ['shell/src/federation/share-scope-repair.ts'],
    reliesOn:
      'the runtime keeps its share scopes at globalThis.__FEDERATION__.__SHARE__[scope][package][version], each entry with `loaded`, `loading` (a promise) and `lib` (a function), and a later load reuses a rejected `loading` promise',
    check: (read) => [
      ...lacks(read, '@module-federation/runtime-core', 'dist/global.js', ['__FEDERATION__.__SHARE__']),
      ...lacks(read, '@module-federation/runtime-core', 'dist/utils/share.js', ['loading: null', /loaded: shareArgs\?\.loaded/, 'typeof shared.lib === "function"', 'Boolean(shared.loading)']),
    ],
  },
  {
    name: 'one share runtime per chunk',
    files: ['scripts/webpack/one-share-runtime.ts'],
    reliesOn:
      "webpack's own ShareRuntimeModule (webpack/lib/sharing) and the federation's runtime module, also named 'sharing', are both attached to a chunk, and the federation's reassigns __webpack_require__.I",
    check: (read) => [
      ...lacks(read, 'webpack', 'lib/sharing/ShareRuntimeModule.js', ['class ShareRuntimeModule extends RuntimeModule']),
      ...lacks(read, '@module-federation/enhanced', 'dist/src/lib/sharing/ShareRuntimeModule.js', ['super("sharing"']),
    ],
  },
  {
    name: 'unreached federation modules',
    files: ['scripts/webpack/unreached-federation-modules.ts'],
    reliesOn: "HoistContainerReferences moves the federation runtime's imports into the runtime chunk at optimizeChunks stage 11 (ours runs at 12, after it)",
    check: (read) => lacks(read, '@module-federation/enhanced', 'dist/src/lib/container/HoistContainerReferencesPlugin.js', ['const PLUGIN_NAME = "HoistContainerReferences"', 'stage: 11']),
  },
  {
    name: 'runtime error descriptions left out of containers',
    files: ['scripts/webpack/runtime-descriptions-unused.mjs', 'webpack.config.ts'],
    reliesOn: '@module-federation/error-codes keeps its texts in dist/desc.mjs, exporting runtimeDescMap, typeDescMap, buildDescMap and errorDescMap, which webpack.config.ts aliases away in the containers',
    check: (read) => lacks(read, '@module-federation/error-codes', 'dist/desc.mjs', ['runtimeDescMap', 'typeDescMap', 'buildDescMap', 'errorDescMap']),
  },
  {
    name: 'eager shares refused with the hand-over',
    files: ['scripts/webpack/host-bundler-runtime.ts'],
    reliesOn: "ModuleFederationPlugin keeps the options it was given in its `_options` field, where BundlerRuntimeFromHostPlugin reads `shared` to refuse eager modules",
    check: (read) => lacks(read, '@module-federation/enhanced', 'dist/src/lib/container/ModuleFederationPlugin.js', ['this._options = options']),
  },
];

/** Every workaround whose reliance no longer holds, with what changed. */
export function brokenWorkarounds(read: PackageReader = readInstalled): Array<{ name: string; problems: string[] }> {
  return FEDERATION_WORKAROUNDS.map((workaround) => ({ name: workaround.name, problems: workaround.check(read) })).filter((result) => result.problems.length > 0);
}
