import { createPlainSlice, patchEntry } from './plain-slice';

const noCounters: Record<string, { count: number; label: string }> = {};

const counters = createPlainSlice({
  name: 'counters',
  initialState: { byKey: noCounters },
  reducers: {
    counted: (state, { key }: { key: string }) => ({ byKey: patchEntry(state.byKey, key, { count: 0, label: '' }, { count: (state.byKey[key]?.count ?? 0) + 1 }) }),
    labelled: (state, { key, label }: { key: string; label: string }) => ({ byKey: patchEntry(state.byKey, key, { count: 0, label: '' }, { label }) }),
  },
  selectors: {
    selectCount: (state, key: string) => state.byKey[key]?.count ?? 0,
  },
});

describe('createPlainSlice', () => {
  it('makes one action creator per case, typed <slice>/<case>, whose payload reaches the case', () => {
    expect(counters.actions.labelled({ key: 'a', label: 'Apples' })).toEqual({ type: 'counters/labelled', payload: { key: 'a', label: 'Apples' } });
    const state = counters.reducer(undefined, counters.actions.labelled({ key: 'a', label: 'Apples' }));
    expect(state).toEqual({ byKey: { a: { count: 0, label: 'Apples' } } });
  });

  it('returns the same state for an action that is not its own', () => {
    const state = counters.reducer(undefined, counters.actions.counted({ key: 'a' }));
    expect(counters.reducer(state, { type: 'other/counted', payload: { key: 'a' } })).toBe(state);
  });

  it('never changes the state it was given (it has no immer to copy for it)', () => {
    const before = Object.freeze({ byKey: Object.freeze({ a: Object.freeze({ count: 1, label: 'Apples' }), b: Object.freeze({ count: 5, label: 'Bananas' }) }) });
    const after = counters.reducer(before, counters.actions.counted({ key: 'a' }));
    expect(after.byKey.a).toEqual({ count: 2, label: 'Apples' });
    expect(after.byKey.b).toBe(before.byKey.b);
    expect(before.byKey.a.count).toBe(1);
  });

  it('has selectors on the root state that read the initial state until the slice has one', () => {
    expect(counters.selectors.selectCount({}, 'a')).toBe(0);
    const root = { counters: counters.reducer(undefined, counters.actions.counted({ key: 'a' })) };
    expect(counters.selectors.selectCount(root, 'a')).toBe(1);
    expect(counters.reducerPath).toBe('counters');
    expect(counters.getInitialState()).toEqual({ byKey: {} });
  });
});
