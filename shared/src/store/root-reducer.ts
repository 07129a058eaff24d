import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * Slices that a remote injects when it loads. Each domain slice augments this
 * interface with `declare module` so selectors stay typed without the root knowing them.
 * The RTK Query API is one of them: it injects itself (reducer and middleware) when a module
 * first imports it, so a page that never does (the public view page) ships no RTK Query.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

function createRoot() {
  return {
    reducer: combineSlices().withLazyLoadedSlices<LazyLoadedSlices>(),
    // Middleware that arrives with a lazily loaded module (the RTK Query API's); every store of the page runs it.
    middleware: createDynamicMiddleware(),
  };
}

const ROOT_KEY = Symbol.for('deck.shared.rootReducer');
type RootHolder = typeof globalThis & { [ROOT_KEY]?: ReturnType<typeof createRoot> };

/**
 * The one root reducer of a page (and its dynamic middleware), kept on the global object like the
 * store (see store.ts). Federation shares each `@deck/shared/<path>` request, but not the relative
 * imports inside shared files: a domain slice that only a remote imports comes from that remote's
 * build, with its own copy of this file. Without one reducer per page, such a slice would inject
 * itself into a reducer the page's store never runs, and its state would silently stay at the
 * initial value.
 */
const root = ((globalThis as RootHolder)[ROOT_KEY] ??= createRoot());
export const rootReducer = root.reducer;
export const dynamicMiddleware = root.middleware;
