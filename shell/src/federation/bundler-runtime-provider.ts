// Browser code, imported by the entries of the shell (index.ts) and the page runtime (page-runtime.ts):
// hands this page's bundler runtime to our remote containers (bundler-runtime-handoff.ts).
// The same modules as the federation entry's `bundler.js`, so the shell carries one copy.
import federation from '@module-federation/webpack-bundler-runtime/dist/index.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { provideBundlerRuntime, type ProvidedBundlerRuntime } from './bundler-runtime-handoff';

declare const DECK_BUNDLER_RUNTIME_VERSION: string;

provideBundlerRuntime(globalThis, {
  version: DECK_BUNDLER_RUNTIME_VERSION,
  // A build that exposes nothing (the shell) leaves initContainerEntry out of its bundler runtime;
  // the containers call it.
  bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
  attachShareScopeMap: federation.attachShareScopeMap as ProvidedBundlerRuntime['attachShareScopeMap'],
});
