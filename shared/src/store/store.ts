import { configureStore } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer } from '@deck/shared/store/root-reducer';

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

const STORE_KEY = Symbol.for('deck.shared.store');
type StoreHolder = typeof globalThis & { [STORE_KEY]?: AppStore };

/**
 * The one store of a page. `@deck/shared` is a federation singleton, and the store is
 * also kept on the global object so that a remote whose sharing negotiation fell back to
 * its own copy of this module still joins the page's store instead of making a second one.
 */
export function getSharedStore(): AppStore {
  const holder = globalThis as StoreHolder;
  holder[STORE_KEY] ??= createAppStore();
  return holder[STORE_KEY];
}
