import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Compiler } from 'webpack';

/**
 * Our remote containers take the federation's webpack bundler runtime from the page (
 * browser side in shell/src/federation/bundler-runtime-handoff.ts). ProvideBundlerRuntimePlugin goes in the builds of our
 * pages (the shell, the page runtime for pages without a bundler), BundlerRuntimeFromHostPlugin in
 * each container's. Both stamp the bundler runtime's version in, so a container refuses a host's
 * runtime of another version and fetches its own.
 */
const BUNDLER_RUNTIME_PACKAGE = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime/package.json'));
/** What the federation plugin's generated entry module imports (FederationRuntimePlugin, resolveRuntimePaths). */
export const BUNDLER_RUNTIME_ENTRY = require.resolve('@module-federation/webpack-bundler-runtime/bundler');
export const BUNDLER_RUNTIME_VERSION = (JSON.parse(readFileSync(path.join(BUNDLER_RUNTIME_PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;

const FROM_HOST = path.join(__dirname, 'bundler-runtime-from-host.ts');

function stampVersion(compiler: Compiler) {
  new compiler.webpack.DefinePlugin({ DECK_BUNDLER_RUNTIME_VERSION: JSON.stringify(BUNDLER_RUNTIME_VERSION) }).apply(compiler);
}

/**
 * For the builds of our pages, whose entry imports shell/src/federation/bundler-runtime-provider.ts (the shell's index.ts, the
 * page runtime): stamps the version the handed-over runtime is checked against.
 */
export class ProvideBundlerRuntimePlugin {
  apply(compiler: Compiler) {
    stampVersion(compiler);
  }
}

/**
 * The container's federation entry imports bundler-runtime-from-host.ts instead of the bundler runtime
 * itself. Not for a container with `eager` shared modules: those are consumed while remoteEntry.js is
 * evaluated, before a container on a stock host could have fetched its own bundler runtime.
 */
export class BundlerRuntimeFromHostPlugin {
  apply(compiler: Compiler) {
    const eager = eagerSharedModules(compiler);
    if (eager.length) throw new Error(`BundlerRuntimeFromHostPlugin: the container shares ${eager.join(', ')} eagerly, which needs the bundler runtime at start-up.`);
    stampVersion(compiler);
    const { resolve } = compiler.options;
    if (Array.isArray(resolve.alias)) resolve.alias.push({ name: BUNDLER_RUNTIME_ENTRY, alias: FROM_HOST });
    else resolve.alias = { ...resolve.alias, [BUNDLER_RUNTIME_ENTRY]: FROM_HOST };
  }
}

/** The `shared` entries marked `eager` in the build's federation plugin. */
function eagerSharedModules(compiler: Compiler): string[] {
  const federation = compiler.options.plugins.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as { _options?: { shared?: unknown } } | undefined;
  const shared = federation?._options?.shared;
  if (!shared || typeof shared !== 'object' || Array.isArray(shared)) return [];
  return Object.entries(shared as Record<string, unknown>)
    .filter(([, config]) => typeof config === 'object' && config !== null && (config as { eager?: boolean }).eager === true)
    .map(([name]) => name);
}
