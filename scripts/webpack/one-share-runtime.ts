import type { Compiler, RuntimeModule } from 'webpack';

// Not in webpack's public types; the class is what RuntimePlugin adds for `__webpack_require__.S`.
const WebpackShareRuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule') as new () => RuntimeModule;

const PLUGIN = 'OneShareRuntimePlugin';

/**
 * webpack 5.111 attaches its own share runtime to every chunk that needs the share scope map, and
 * @module-federation/enhanced attaches its own after it. The second reassigns
 * `__webpack_require__.I` (to the federation runtime's `bundlerRuntime.I`, reading
 * `federation.initOptions.shared`) before anything can call the first, so webpack's — a second table
 * of every shared module with its chunk list — is dead code: about 0.75 KB gzip in each remote
 * container and 0.9 KB in the shell's main.js. It is left out only in a chunk that also
 * has the federation's share runtime, so a build without the federation plugin keeps webpack's.
 */
export class OneShareRuntimePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.runtimeModule.tap(PLUGIN, (module) => {
        if (!(module instanceof WebpackShareRuntimeModule)) return;
        const generate = module.generate.bind(module);
        module.generate = () => (federationShareRuntimeBeside(module) ? null : generate());
      });
    });
  }
}

function federationShareRuntimeBeside(module: RuntimeModule): boolean {
  const { chunk, chunkGraph } = module;
  if (!chunk || !chunkGraph) return false;
  return [...chunkGraph.getChunkRuntimeModulesIterable(chunk)].some(
    (other) => other !== module && other.name === 'sharing' && !(other instanceof WebpackShareRuntimeModule),
  );
}
