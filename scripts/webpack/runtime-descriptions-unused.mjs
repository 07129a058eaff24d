// Stands in for @module-federation/error-codes' descriptions in the remote containers
// (webpack.config.ts, remoteConfig). There only the federation runtime's wrapper reads them, in
// `assert(instance, RUNTIME_009, runtimeDescMap)` of exports that no host can reach (the container
// hands out its modules, never that wrapper), yet every text of the map was in each remoteEntry.js.
// Should one fire, it still names its code and the page of the docs that explains it.
export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};
