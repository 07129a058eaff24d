import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { toApiError, type ApiError } from '@deck/shared/api/errors';

/** Spec §3: each loadable item holds initialized, loading, value and error. */
export interface Loadable<T> {
  initialized: boolean;
  loading: boolean;
  value: T | undefined;
  error: ApiError | null;
}

interface QueryLike<T> {
  isUninitialized: boolean;
  isFetching: boolean;
  isLoading?: boolean;
  data?: T;
  currentData?: T;
  error?: FetchBaseQueryError | SerializedError;
  isError: boolean;
}

export function toLoadable<T>(query: QueryLike<T>): Loadable<T> {
  return {
    initialized: !query.isUninitialized,
    loading: query.isFetching,
    // Only the answer for the asked argument: kept mounted, the share dialog may have shown another document last.
    value: query.isError ? undefined : query.currentData,
    error: query.isError ? toApiError(query.error) : null,
  };
}
