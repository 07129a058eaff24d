import { createAppStore, getSharedStore } from './store';
import { rootReducer } from './root-reducer';

describe('the page store', () => {
  it('is one per page, even when a remote build evaluates its own copy of the module', () => {
    let other: unknown;
    jest.isolateModules(() => {
      other = require('./store').getSharedStore();
    });
    expect(other).toBe(getSharedStore());
  });

  it('runs thunks, with the state and dispatch of the store', () => {
    const store = createAppStore();
    const result = store.dispatch((dispatch, getState) => {
      dispatch({ type: 'storeTest/nothing' });
      return typeof getState();
    });
    expect(result).toBe('object');
  });

  it('has a slice that joins after the store was made in its state at once, without another action', () => {
    const store = createAppStore();
    const seen = jest.fn();
    store.subscribe(seen);
    rootReducer.inject({ reducerPath: 'storeTestLate', reducer: (state: string = 'initial') => state });
    expect((store.getState() as Record<string, unknown>).storeTestLate).toBe('initial');
    expect(seen).toHaveBeenCalled();
  });
});
