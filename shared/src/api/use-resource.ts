import { useCallback, useEffect } from 'react';
import type { RequestError } from '@deck/shared/api/fetch-json';
import { loadResource, resourceSelectors, type Resource } from '@deck/shared/api/resource-slice';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';

export interface ResourceView<T> {
  data: T | undefined;
  error: RequestError | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Reads it again (a retry after a failure). */
  refetch: () => void;
}

/** Reads a resource when the component mounts (once per page, whoever asks first) and follows it in the store. */
export function useResource<T>(resource: Resource<T>): ResourceView<T> {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => resourceSelectors.selectResource(root, resource.key));
  const { key } = resource;
  // The request is a function of the key, so the key alone decides when to read (a resource
  // object is made anew on each render).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the resource (above)
  useEffect(() => void dispatch(loadResource(resource)), [dispatch, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the resource (above)
  const refetch = useCallback(() => void dispatch(loadResource(resource, { force: true })), [dispatch, key]);
  return {
    data: state.data as T | undefined,
    error: state.error,
    isLoading: state.status === 'idle' || (state.status === 'loading' && state.data === undefined),
    isError: state.status === 'failed',
    refetch,
  };
}
