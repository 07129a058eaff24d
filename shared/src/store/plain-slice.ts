import type { UnknownAction } from 'redux';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bound that every reducer's own payload type meets (unknown would not: parameters are contravariant)
type CaseReducer<State> = (state: State, payload: any) => State;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same for a selector's own arguments
type SliceSelector<State> = (state: State, ...args: any[]) => unknown;

type PayloadOf<Handler> = Handler extends (state: never, payload: infer Payload) => unknown ? Payload : never;

/** An action of a plain slice: its type is `<slice name>/<case name>`. */
export type PlainAction<Payload> = { type: string; payload: Payload };

export type RootWith<Name extends string, State> = { [Path in Name]?: State };

/**
 * A slice without immer: each case is a pure function that returns the next state from the state
 * and the action's payload. What the public view page keeps in the store (the like requests, the
 * overlay's mode, the resources) is written this way, so that page runs without Redux Toolkit
 *. The store's root accepts it (`rootReducer.inject(slice)`) as it accepts an RTK slice,
 * and its selectors read the initial state until the slice's state exists, like an injected RTK
 * slice's do.
 */
export function createPlainSlice<
  Name extends string,
  State,
  Cases extends Record<string, CaseReducer<State>>,
  Selectors extends Record<string, SliceSelector<State>>,
>({ name, initialState, reducers, selectors }: { name: Name; initialState: State; reducers: Cases; selectors: Selectors }) {
  const byType = new Map<string, CaseReducer<State>>();
  const actions = {} as { [Case in keyof Cases]: (payload: PayloadOf<Cases[Case]>) => PlainAction<PayloadOf<Cases[Case]>> };
  for (const [key, caseReducer] of Object.entries(reducers)) {
    const type = `${name}/${key}`;
    byType.set(type, caseReducer);
    (actions as Record<string, (payload: unknown) => PlainAction<unknown>>)[key] = (payload) => ({ type, payload });
  }

  const reducer = (state: State = initialState, action: UnknownAction): State => {
    const caseReducer = byType.get(action.type);
    return caseReducer ? caseReducer(state, action.payload) : state;
  };

  const selectState = (root: RootWith<Name, State>): State => root[name] ?? initialState;
  const rootSelectors = {} as {
    [Key in keyof Selectors]: Selectors[Key] extends (state: State, ...args: infer Args) => infer Result ? (root: RootWith<Name, State>, ...args: Args) => Result : never;
  };
  for (const [key, selector] of Object.entries(selectors)) {
    (rootSelectors as Record<string, unknown>)[key] = (root: RootWith<Name, State>, ...args: unknown[]) => selector(selectState(root), ...args);
  }

  return { name, reducerPath: name, reducer, actions, getInitialState: () => initialState, selectState, selectors: rootSelectors };
}

/** The record with `key`'s entry (or `fallback`) changed by `patch`; the other entries are kept as they are. */
export function patchEntry<Entry extends object>(byKey: Record<string, Entry>, key: string, fallback: Entry, patch: Partial<Entry>): Record<string, Entry> {
  return { ...byKey, [key]: { ...(byKey[key] ?? fallback), ...patch } };
}
