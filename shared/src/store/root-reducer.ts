import { combineReducers, compose, type Dispatch, type Middleware, type MiddlewareAPI, type Reducer, type UnknownAction } from 'redux';

/**
 * Slices that join the root when their module loads. Each augments this interface with
 * `declare module` so selectors stay typed without the root knowing them. The RTK Query API is one
 * of them: it injects itself (reducer and middleware) when a module first imports it, so a page that
 * never does (the public view page) ships no RTK Query.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here; each injected slice adds itself by declaration merging
export interface LazyLoadedSlices {}

/** What can join the root: a plain slice (`createPlainSlice`), the RTK Query API, a reducer under a path. */
export interface SliceLike {
  reducerPath: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- slices of every state and action shape join
  reducer: Reducer<any, any, any>;
}

/**
 * A root reducer that slices join after the store exists. Its `inject` is the one that Redux
 * Toolkit's `slice.injectInto(rootReducer)` calls (`combineSlices` has the same), so the share
 * dialog's RTK slices and the RTK Query API join it as they would an RTK root, while the page that
 * uses none of them (the public view page) runs on `redux` alone (docs/decisions.md).
 */
export interface InjectableReducer<State> extends Reducer<State, UnknownAction, Partial<State>> {
  /**
   * Idempotent for the same reducer. A different reducer under a path already taken is ignored
   * unless `overrideExisting`: a second build's copy of a slice module must not reset its state.
   */
  inject(slice: SliceLike, config?: { overrideExisting?: boolean }): InjectableReducer<State>;
  /**
   * Calls `listener` after each slice joins. A store that already exists hands itself its reducer
   * again there (`replaceReducer`), so the new slice has its initial state at once rather than at the
   * next action: RTK Query's first request reads its state before anything else is dispatched.
   */
  onInject(listener: () => void): void;
}

export function createInjectableReducer<State extends object>(): InjectableReducer<State> {
  const reducers: Record<string, Reducer> = {};
  // Until a slice joins, the state stays an empty object (redux's combineReducers refuses an empty map).
  let combined: Reducer = (state: object = {}) => state;
  const listeners: Array<() => void> = [];
  const root = ((state: State | Partial<State> | undefined, action: UnknownAction) => combined(state, action) as State) as InjectableReducer<State>;
  root.inject = (slice, { overrideExisting = false } = {}) => {
    const { reducerPath } = slice;
    if (reducerPath in reducers && (reducers[reducerPath] === slice.reducer || !overrideExisting)) return root;
    reducers[reducerPath] = slice.reducer;
    combined = combineReducers(reducers);
    for (const listener of listeners) listener();
    return root;
  };
  root.onInject = (listener) => void listeners.push(listener);
  return root;
}

/**
 * Middleware that joins a store after it was made, as `createDynamicMiddleware` of Redux Toolkit does.
 * It lives beside the root rather than in a file of its own: every `@deck/shared` module is one more
 * entry in each remote's container.
 */
export interface DynamicMiddleware {
  /** Goes into the store once; it runs every middleware added so far, in the order added. */
  middleware: Middleware;
  /** Idempotent per middleware: adding one twice runs it once. */
  addMiddleware(...middlewares: Middleware[]): void;
}

export function createDynamicMiddleware(): DynamicMiddleware {
  const added: Middleware[] = [];
  // A middleware is applied once per store and kept: RTK Query's holds its subscriptions and timers
  // in what it returns for the store, so applying it afresh would forget them.
  const appliedPerStore = new WeakMap<MiddlewareAPI, Map<Middleware, ReturnType<Middleware>>>();
  let version = 0;

  function applied(store: MiddlewareAPI, middleware: Middleware) {
    let forStore = appliedPerStore.get(store);
    if (!forStore) appliedPerStore.set(store, (forStore = new Map<Middleware, ReturnType<Middleware>>()));
    if (!forStore.has(middleware)) forStore.set(middleware, middleware(store));
    return forStore.get(middleware)!;
  }

  const middleware: Middleware = (store) => (next) => {
    let appliedVersion = -1;
    let dispatch: (action: unknown) => unknown = next;
    return (action) => {
      if (appliedVersion !== version) {
        const chain = added.map((one) => applied(store, one));
        dispatch = (compose(...chain) as (next: Dispatch) => Dispatch)(next as Dispatch) as (action: unknown) => unknown;
        appliedVersion = version;
      }
      return dispatch(action);
    };
  };

  return {
    middleware,
    addMiddleware(...middlewares) {
      for (const one of middlewares) {
        if (added.includes(one)) continue;
        added.push(one);
        version += 1;
      }
    },
  };
}

function createRoot() {
  return {
    reducer: createInjectableReducer<Partial<LazyLoadedSlices>>(),
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
