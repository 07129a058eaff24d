import { applyMiddleware, compose, legacy_createStore as createStore, type Store, type StoreEnhancer, type UnknownAction } from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import { dynamicMiddleware, rootReducer } from '@deck/shared/store/root-reducer';

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };

type DevtoolsWindow = { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose };

/**
 * The page's store, on `redux` itself rather than Redux Toolkit's `configureStore`: the public view
 * page runs it without loading RTK, immer or reselect (docs/decisions.md). It has what the
 * slices and RTK Query need of `configureStore` — thunks, and the dynamic middleware through which the
 * RTK Query API adds its own — and the Redux DevTools when the browser has them.
 * (`legacy_createStore` is redux's `createStore` without the notice that points to `configureStore`.)
 */
export function createAppStore(): AppStore {
  const devtools = typeof window === 'undefined' ? undefined : (window as DevtoolsWindow).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  const enhancer: StoreEnhancer = (devtools ?? compose)(applyMiddleware(thunk, dynamicMiddleware.middleware));
  const store = createStore(rootReducer, enhancer) as AppStore;
  rootReducer.onInject(() => store.replaceReducer(rootReducer));
  return store;
}

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
