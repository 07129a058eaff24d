import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import { fetchJson, type JsonRequest, type RequestError } from '@deck/shared/api/fetch-json';
import { rootReducer } from '@deck/shared/store/root-reducer';

/** One piece of server data read through the small data path (`fetchJson`), by key. */
export interface ResourceState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The last value read (kept while it is read again, and after a failed refresh). */
  data?: unknown;
  error?: RequestError;
}

/** A resource names its key in the store and the request that reads it. */
export interface Resource<T> {
  key: string;
  request: JsonRequest;
  /** Only a type marker: what the request answers. */
  readonly type?: T;
}

interface ResourcesState {
  byKey: Record<string, ResourceState>;
}

const IDLE: ResourceState = { status: 'idle' };

export const resourceSlice = createSlice({
  name: 'resources',
  initialState: { byKey: {} } as ResourcesState,
  reducers: {
    loadStarted(state, action: PayloadAction<{ key: string }>) {
      state.byKey[action.payload.key] = { ...state.byKey[action.payload.key], status: 'loading', error: undefined };
    },
    loadSucceeded(state, action: PayloadAction<{ key: string; data: unknown }>) {
      state.byKey[action.payload.key] = { status: 'loaded', data: action.payload.data };
    },
    loadFailed(state, action: PayloadAction<{ key: string; error: RequestError }>) {
      state.byKey[action.payload.key] = { ...state.byKey[action.payload.key], status: 'failed', error: action.payload.error };
    },
    /** A value the page already knows (an optimistic like, the server's answer to a write). */
    dataWritten(state, action: PayloadAction<{ key: string; data: unknown }>) {
      const entry = state.byKey[action.payload.key];
      if (entry) entry.data = action.payload.data;
    },
  },
  selectors: {
    selectResource: (state, key: string): ResourceState => state.byKey[key] ?? IDLE,
  },
});

declare module '@deck/shared/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof resourceSlice> {}
}

const injected = resourceSlice.injectInto(rootReducer);
export const resourceSelectors = injected.selectors;

type ResourceRootState = Parameters<typeof resourceSelectors.selectResource>[0];
type ResourceThunk<Result> = ThunkAction<Result, ResourceRootState, unknown, UnknownAction>;

/** The value of a resource, typed, or undefined while it has none. */
export function selectResourceData<T>(state: ResourceRootState, resource: Resource<T>): T | undefined {
  return resourceSelectors.selectResource(state, resource.key).data as T | undefined;
}

/**
 * Reads a resource into the store. Once read (or while being read) it is not asked for again
 * unless `force` (a retry, a refresh): every part of the page that shows it reads the same value.
 */
export function loadResource<T>(resource: Resource<T>, { force = false } = {}): ResourceThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { status } = resourceSelectors.selectResource(getState(), resource.key);
    if (!force && (status === 'loading' || status === 'loaded')) return;
    dispatch(resourceSlice.actions.loadStarted({ key: resource.key }));
    const result = await fetchJson<T>(resource.request);
    if (result.error) dispatch(resourceSlice.actions.loadFailed({ key: resource.key, error: result.error }));
    else dispatch(resourceSlice.actions.loadSucceeded({ key: resource.key, data: result.data }));
  };
}

/** Replaces a loaded resource's value with `write(current)`; nothing happens before it is loaded. */
export function writeResource<T>(resource: Resource<T>, write: (current: T) => T): ResourceThunk<void> {
  return (dispatch, getState) => {
    const current = selectResourceData(getState(), resource);
    if (current === undefined) return;
    dispatch(resourceSlice.actions.dataWritten({ key: resource.key, data: write(current) }));
  };
}
