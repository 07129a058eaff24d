import { combineSlices } from '@reduxjs/toolkit';
import { api } from '@deck/shared/api/api';

/**
 * Slices that a remote injects when it loads. Each domain slice augments this
 * interface with `declare module` so selectors stay typed without the root knowing them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

function createRootReducer() {
  return combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();
}

const ROOT_REDUCER_KEY = Symbol.for('deck.shared.rootReducer');
type RootReducerHolder = typeof globalThis & { [ROOT_REDUCER_KEY]?: ReturnType<typeof createRootReducer> };

/**
 * The one root reducer of a page, kept on the global object like the store (see store.ts).
 * Federation shares each `@deck/shared/<path>` request, but not the relative imports inside
 * shared files: a domain slice that only a remote imports comes from that remote's build, with
 * its own copy of this file. Without one reducer per page, such a slice would inject itself into
 * a reducer the page's store never runs, and its state would silently stay at the initial value.
 */
export const rootReducer = ((globalThis as RootReducerHolder)[ROOT_REDUCER_KEY] ??= createRootReducer());
