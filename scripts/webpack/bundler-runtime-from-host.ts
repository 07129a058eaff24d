// Browser code: what a remote container's federation entry imports in place of
// @module-federation/webpack-bundler-runtime's bundler.js (BundlerRuntimeFromHostPlugin): the host
// page's bundler runtime, or the container's own copy, fetched as a chunk when the page has none.
import { init, getRemoteEntry } from '@module-federation/runtime';
import { bundlerRuntimeFromHost, type Federation } from '../../shell/src/federation/bundler-runtime-handoff';

declare const DECK_BUNDLER_RUNTIME_VERSION: string;

const loadOwn = () =>
  import(/* webpackChunkName: "federation-bundler-runtime" */ '@module-federation/webpack-bundler-runtime/dist/index.js').then(
    (module) => module.default as unknown as Federation,
  );

export default bundlerRuntimeFromHost(globalThis, DECK_BUNDLER_RUNTIME_VERSION, { init, getRemoteEntry }, loadOwn);
