import { applyMiddleware, legacy_createStore as createStore, type Middleware } from 'redux';
import { createSlice } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { createDynamicMiddleware, createInjectableReducer, dynamicMiddleware, rootReducer } from './root-reducer';
import { createAppStore } from './store';

describe('rootReducer', () => {
  it('is one per page, even when a remote build evaluates its own copy of the module', () => {
    let first: unknown;
    let second: unknown;
    jest.isolateModules(() => {
      first = require('./root-reducer').rootReducer;
    });
    jest.isolateModules(() => {
      second = require('./root-reducer').rootReducer;
    });
    expect(typeof first).toBe('function');
    expect(second).toBe(first);
  });
});

describe('createInjectableReducer', () => {
  const counter = (state = 0, action: { type: string }) => (action.type === 'up' ? state + 1 : state);

  it('starts as an empty state and runs each slice injected later under its path', () => {
    const root = createInjectableReducer<{ count?: number; other?: number }>();
    const store = createStore(root);
    expect(store.getState()).toEqual({});
    root.inject({ reducerPath: 'count', reducer: counter });
    store.dispatch({ type: 'up' });
    expect(store.getState()).toEqual({ count: 1 });
    root.inject({ reducerPath: 'other', reducer: counter });
    store.dispatch({ type: 'up' });
    expect(store.getState()).toEqual({ count: 2, other: 1 });
  });

  it('keeps the first reducer of a path: injecting it again, or a second copy of it, changes nothing', () => {
    const root = createInjectableReducer<{ count?: number }>();
    const store = createStore(root);
    root.inject({ reducerPath: 'count', reducer: counter });
    store.dispatch({ type: 'up' });
    const secondCopy = (state = 100, action: { type: string }) => (action.type === 'up' ? state + 10 : state);
    expect(root.inject({ reducerPath: 'count', reducer: counter })).toBe(root);
    root.inject({ reducerPath: 'count', reducer: secondCopy });
    store.dispatch({ type: 'up' });
    expect(store.getState()).toEqual({ count: 2 });
    root.inject({ reducerPath: 'count', reducer: secondCopy }, { overrideExisting: true });
    store.dispatch({ type: 'up' });
    expect(store.getState()).toEqual({ count: 12 });
  });
});

describe('createDynamicMiddleware', () => {
  function recorder(name: string, log: string[], made: string[]): Middleware {
    return () => {
      made.push(name);
      return (next) => (action) => {
        log.push(`${name}:${(action as { type: string }).type}`);
        return next(action);
      };
    };
  }

  it('runs middleware added after the store was made, in the order added, each once however often added', () => {
    const dynamic = createDynamicMiddleware();
    const store = createStore((state: number = 0) => state, applyMiddleware(dynamic.middleware));
    const log: string[] = [];
    const made: string[] = [];
    store.dispatch({ type: 'before' });
    const first = recorder('first', log, made);
    dynamic.addMiddleware(first);
    dynamic.addMiddleware(first, recorder('second', log, made));
    store.dispatch({ type: 'after' });
    expect(log).toEqual(['first:after', 'second:after']);
  });

  it('applies each middleware once per store, keeping what it made when another joins later', () => {
    const dynamic = createDynamicMiddleware();
    const log: string[] = [];
    const made: string[] = [];
    const one = createStore((state: number = 0) => state, applyMiddleware(dynamic.middleware));
    const two = createStore((state: number = 0) => state, applyMiddleware(dynamic.middleware));
    dynamic.addMiddleware(recorder('first', log, made));
    one.dispatch({ type: 'a' });
    two.dispatch({ type: 'b' });
    dynamic.addMiddleware(recorder('second', log, made));
    one.dispatch({ type: 'c' });
    two.dispatch({ type: 'd' });
    expect(made).toEqual(['first', 'first', 'second', 'second']);
    expect(log).toEqual(['first:a', 'first:b', 'first:c', 'second:c', 'first:d', 'second:d']);
  });
});

describe('the page root with Redux Toolkit', () => {
  it('takes an RTK slice through slice.injectInto, whose selectors read its initial state until it has one', () => {
    const notes = createSlice({
      name: 'rootTestNotes',
      initialState: { items: [] as string[] },
      reducers: {
        added(state, action: { payload: string }) {
          state.items.push(action.payload);
        },
      },
      selectors: { selectCount: (state) => state.items.length },
    });
    const store = createAppStore();
    const injected = notes.injectInto(rootReducer);
    const state = () => store.getState() as { rootTestNotes?: { items: string[] } };
    expect(injected.selectors.selectCount(state())).toBe(0);
    store.dispatch(notes.actions.added('first'));
    store.dispatch(notes.actions.added('second'));
    expect(injected.selectors.selectCount(state())).toBe(2);
    expect(state().rootTestNotes).toEqual({ items: ['first', 'second'] });
  });

  it('takes an RTK Query API (reducer and dynamic middleware) after the store exists', async () => {
    const store = createAppStore();
    const answers = createApi({
      reducerPath: 'rootTestApi',
      baseQuery: fakeBaseQuery(),
      endpoints: (build) => ({ answer: build.query<number, void>({ queryFn: async () => ({ data: 42 }) }) }),
    });
    rootReducer.inject(answers);
    dynamicMiddleware.addMiddleware(answers.middleware);

    const subscription = store.dispatch(answers.endpoints.answer.initiate());
    const result = await subscription;
    expect(result).toMatchObject({ status: 'fulfilled', data: 42 });
    const state = store.getState() as unknown as Record<string, { queries: Record<string, unknown> }>;
    expect(Object.values(state.rootTestApi.queries)).toEqual([expect.objectContaining({ status: 'fulfilled', data: 42 })]);
    subscription.unsubscribe();
  });
});
