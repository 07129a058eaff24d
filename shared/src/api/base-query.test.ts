import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { csrfBaseQuery } from './base-query';
import { REQUEST_TIMEOUT_MS } from './request-timeout';

function queryApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: (() => undefined) as never,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'getDocument',
    type: 'query',
  };
}

/** A server that never answers: the request only ends when it is aborted. */
function hangingFetch() {
  return jest.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = (input as Request).signal;
        // Like fetch: the abort's reason is the rejection.
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  );
}

describe('csrfBaseQuery', () => {
  afterEach(() => jest.useRealTimers());

  it('gives up on a request that does not answer, with a time-out error', async () => {
    jest.useFakeTimers();
    globalThis.fetch = hangingFetch() as unknown as typeof fetch;
    const pending = csrfBaseQuery('/api/v4/presentation/qr1/', queryApi(), {});
    let settled = false;
    void Promise.resolve(pending).then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.error).toEqual(expect.objectContaining({ status: 'TIMEOUT_ERROR' }));
  });
});
