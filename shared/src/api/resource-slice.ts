import type { UnknownAction } from 'redux';
import type { ThunkAction } from 'redux-thunk';
import { createPlainSlice, patchEntry } from '@deck/shared/store/plain-slice';
import { fetchJson, type RequestError } from '@deck/shared/api/fetch-json';
import type { JsonRequest } from '@deck/shared/api/json-request';
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

export interface ResourcesState {
  byKey: Record<string, ResourceState>;
}

const IDLE: ResourceState = { status: 'idle' };

type KeyPayload = { key: string };

const NO_RESOURCES: ResourcesState = { byKey: {} };

export const resourceSlice = createPlainSlice({
  name: 'resources',
  initialState: NO_RESOURCES,
  reducers: {
    loadStarted: (state, { key }: KeyPayload) => ({ byKey: patchEntry(state.byKey, key, IDLE, { status: 'loading', error: undefined }) }),
    loadSucceeded: (state, { key, data }: KeyPayload & { data: unknown }) => ({ byKey: { ...state.byKey, [key]: { status: 'loaded', data } } }),
    loadFailed: (state, { key, error }: KeyPayload & { error: RequestError }) => ({ byKey: patchEntry(state.byKey, key, IDLE, { status: 'failed', error }) }),
    /** A value the page already knows (an optimistic like, the server's answer to a write). */
    dataWritten: (state, { key, data }: KeyPayload & { data: unknown }) => (state.byKey[key] ? { byKey: patchEntry(state.byKey, key, IDLE, { data }) } : state),
  },
  selectors: {
    selectResource: (state, key: string): ResourceState => state.byKey[key] ?? IDLE,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices {
    resources: ResourcesState;
  }
}

rootReducer.inject(resourceSlice);
export const resourceSelectors = resourceSlice.selectors;

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
