import type { Chunk, ChunkGraph, Compiler } from 'webpack';

const PLUGIN = 'MountInContainerPlugin';

/**
 * Puts the code of each exposed module (`./mount` and what only it imports) into the container, remoteEntry.js,
 * instead of a script of its own: whoever loads a container of ours loads it to mount it (docs/decisions.md,
 * "Fewer scripts for a host"), so a page with four remotes fetches four scripts fewer, the same bytes.
 *
 * The exposed chunk keeps its shared modules (the consumes, which have no code of their own): `get('./mount')`
 * still waits for them, as before; the chunk has no JavaScript left, so webpack neither writes nor fetches it.
 */
export class MountInContainerPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After the shared-module groups are split off (SplitChunksPlugin, stage 10) and the federation runtime is hoisted (stage 11).
      compilation.hooks.optimizeChunks.tap({ name: PLUGIN, stage: 13 }, (chunks) => {
        const { chunkGraph } = compilation;
        for (const expose of chunks) {
          const container = containerOf(expose, chunkGraph);
          if (!container) continue;
          for (const module of [...chunkGraph.getChunkModulesIterable(expose)]) {
            if (!module.getSourceTypes().has('javascript')) continue;
            chunkGraph.connectChunkAndModule(container, module);
            chunkGraph.disconnectChunkAndModule(expose, module);
          }
        }
      });
    });
  }
}

/**
 * For the chunk of an exposed module (its own chunk group's only one, loaded by the ContainerEntryModule's
 * `get`), the container's entry chunk; null for any other chunk, such as a group of shared modules that the
 * exposed module's group shares with others.
 */
function containerOf(chunk: Chunk, chunkGraph: ChunkGraph): Chunk | null {
  if (chunk.getNumberOfGroups() !== 1) return null;
  const [group] = chunk.groupsIterable;
  const origin = group.origins.find((candidate) => candidate.module?.constructor.name === 'ContainerEntryModule');
  if (!origin?.module) return null;
  const [container] = chunkGraph.getModuleChunks(origin.module);
  return container ?? null;
}
