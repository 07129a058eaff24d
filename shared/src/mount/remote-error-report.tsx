import { createContext, useContext, useEffect, useMemo } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { statusText, toApiError } from '@deck/shared/api/errors';
import type { RequestError } from '@deck/shared/api/fetch-json';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { logger } from '@deck/shared/logging/logger';
import type { CommonMountProps, DeckRemoteName, RemoteErrorReport } from '@deck/shared/mount/public-contract';

/** A failure as a remote's code describes it; the mount adds the remote's name. */
export type RemoteFailure = Omit<RemoteErrorReport, 'remote'>;
export type ReportError = (failure: RemoteFailure) => void;

const RemoteErrorContext = createContext<ReportError>(() => undefined);

/** Carries one mount's reporter to everything it renders (createMount provides it). */
export const RemoteErrorReportProvider = RemoteErrorContext.Provider;

/** The same context, for error boundaries (class components read it as `static contextType`). */
export const RemoteErrorContextForClasses = RemoteErrorContext;

/** The DOM event a remote dispatches on its mount element for each failure (docs/integrating-a-remote.md, *Errors*). */
export function remoteErrorEventName(shortName: string): string {
  return `${shortName}:remote:error`;
}

/**
 * One mount's reporter: the host's `onError` of the latest props, then the bubbling DOM event on the
 * mount element. A host callback that throws is logged, never allowed to break the remote.
 */
export function createErrorReporter(remote: DeckRemoteName, element: Element, onError: () => CommonMountProps['onError']): ReportError {
  return (failure) => {
    const report: RemoteErrorReport = { remote, ...failure };
    try {
      onError()?.(report);
    } catch (error) {
      void logger.warn({ object: remote, action: 'onError', trigger: 'background', message: error instanceof Error ? error.message : String(error) });
    }
    element.dispatchEvent(new CustomEvent(remoteErrorEventName(getRuntimeConfig().shortName), { detail: report, bubbles: true, composed: true }));
  };
}

type RawError = RequestError | FetchBaseQueryError | SerializedError | undefined;

/** What a report needs of a failure: an ApiError, a ServerRefusal, or the raw error of a request. */
interface KnownFailure {
  status: number | null;
  message: string | null;
  messageCode: string | null;
  code?: string | null;
}

const known = (error: unknown): KnownFailure | null =>
  error && typeof error === 'object' && 'messageCode' in error && 'status' in error ? (error as KnownFailure) : toApiError(error as RawError);

/** A 4xx answer is the server's refusal (permissions, limits, a stale version, a bad value); anything else failed on the way. */
const refused = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 408;

/** A load's or a write's failure in the report's terms: the stable code, the status and the server's reason code. */
export function failureOf(kind: 'load' | 'write', error: unknown, shown: boolean): RemoteFailure {
  const failure = known(error);
  const status = failure?.status ?? null;
  const code = kind === 'load' ? 'load-failed' : refused(status) ? 'write-refused' : 'write-failed';
  const reason = failure?.code ?? failure?.messageCode ?? undefined;
  const answer = status === null ? 'no answer' : `${status} ${statusText(status)}`;
  return {
    code,
    shown,
    message: `${kind === 'load' ? 'Loading' : 'Saving'} failed: ${answer}${failure?.message ? ` (${failure.message})` : ''}`,
    ...(status !== null ? { status } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** A render that threw, as error boundaries report it (they show the generic error in its place). */
export function renderFailureOf(error: Error): RemoteFailure {
  return { code: 'render-failed', shown: true, message: `${error.name}: ${error.message}` };
}

/** The reporter of the mount this component renders in (a no-op outside a mount, e.g. in the shell's own pages). */
export function useReportError(): ReportError {
  return useContext(RemoteErrorContext);
}

/** Reports failed loads and writes from a component: `shown` says whether the component shows the failure to the person. */
export function useReportFailure() {
  const report = useReportError();
  return useMemo(
    () => ({
      load: (error: unknown, shown = true) => report(failureOf('load', error, shown)),
      write: (error: unknown, shown = true) => report(failureOf('write', error, shown)),
    }),
    [report],
  );
}

/**
 * Reports a load failure once while a component shows it: keyed by what failed, so an error object made
 * anew on each render reports once, and a retry that fails again (after loading without error) reports again.
 */
export function useReportLoadFailure(error: unknown, shown = true): void {
  const report = useReportError();
  const failure = error ? failureOf('load', error, shown) : null;
  const key = failure ? JSON.stringify(failure) : null;
  useEffect(() => {
    if (key) report(JSON.parse(key) as RemoteFailure);
  }, [key, report]);
}
