import webpack, { type Compiler } from 'webpack';

const PLUGIN = 'ChunkIntegrityPlugin';

/**
 * A container loads its chunks with its own webpack runtime (`__webpack_require__.l`), not through the federation
 * runtime's `createScript`. This gives each chunk script the SRI hash the page's integrity check knows for its URL
 * (`globalThis.__deckReleaseIntegrity`, shell/src/federation/release-integrity.ts), so the browser refuses a chunk
 * whose bytes differ from its release's index (docs/integrating-a-remote.md, "Integrity"). On a page without the
 * check (nothing registered) chunks load as before.
 */
export class ChunkIntegrityPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(PLUGIN, (source) =>
        [
          source,
          'var integrity = typeof __deckReleaseIntegrity == "function" ? __deckReleaseIntegrity(script.src) : undefined;',
          'if (integrity) { script.integrity = integrity; script.crossOrigin = "anonymous"; }',
        ].join('\n'),
      );
    });
  }
}
