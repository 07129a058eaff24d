import type { Compiler, Module } from 'webpack';

const PLUGIN = 'UnreachedFederationModulesPlugin';
const FEDERATION_PACKAGE = /[\\/]node_modules[\\/]@module-federation[\\/]/;

/**
 * @module-federation/enhanced hoists everything the federation runtime imports into the runtime
 * chunk (HoistContainerReferencesPlugin, optimizeChunks stage 11), following every import, also
 * those webpack has already cut as side-effect free re-exports. So each container and the shell's
 * main.js carried modules nothing requires: the sdk's logger (about 1.3 KB) and a dozen empty
 * re-export modules. After the hoisting, a federation-package module that no module
 * still in the build reaches by an active import leaves the runtime chunk.
 */
export class UnreachedFederationModulesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.optimizeChunks.tap({ name: PLUGIN, stage: 12 }, (chunks) => {
        const { chunkGraph, moduleGraph } = compilation;
        for (const chunk of chunks) {
          if (!chunk.hasRuntime()) continue;
          const dropped = new Set<Module>();
          const reached = (module: Module) =>
            [...moduleGraph.getIncomingConnections(module)].some(
              (connection) => connection.getActiveState(chunk.runtime) !== false && !(connection.originModule && dropped.has(connection.originModule)),
            );
          // Dropping one module can leave the ones only it imported unreached: repeat until nothing changes.
          for (let changed = true; changed; ) {
            changed = false;
            for (const module of chunkGraph.getChunkModules(chunk)) {
              if (dropped.has(module) || !FEDERATION_PACKAGE.test(module.nameForCondition() ?? '') || reached(module)) continue;
              dropped.add(module);
              changed = true;
            }
          }
          for (const module of dropped) chunkGraph.disconnectChunkAndModule(chunk, module);
        }
      });
    });
  }
}
