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
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      }),
  );
}

describe('csrfBaseQuery', () => {
  afterEach(() => jest.useRealTimers());

  it('gives up on a request that does not answer, with a time-out error', async () => {
    jest.useFakeTimers();
    globalThis.fetch = hangingFetch();
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

describe('csrfBaseQuery CSRF header (spec §7)', () => {
  function recordingFetch() {
    // The parameter types the mock's calls (`mock.calls[n][0]`).
    return jest.fn(async (_input: RequestInfo | URL) => {
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  }
  const headerOf = (fetchMock: ReturnType<typeof recordingFetch>, call: number) =>
    (fetchMock.mock.calls[call][0] as Request).headers.get('X-CSRFToken');

  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
  });
  afterEach(() => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends it on folder, referral and like reads as well as on every write, not on other reads', async () => {
    const fetchMock = recordingFetch();
    globalThis.fetch = fetchMock;
    await csrfBaseQuery('/api/v1/folders/group/3/details/', queryApi(), {});
    await csrfBaseQuery('/api/v1/referrals/users/u1/campaigns/ai-credits/', queryApi(), {});
    await csrfBaseQuery('/api/v4/presentation/qr1/', queryApi(), {});
    await csrfBaseQuery({ url: '/api/v4/presentation/qr1/unified-privacy/', method: 'PUT', body: {} }, queryApi(), {});
    expect([0, 1, 2, 3].map((call) => headerOf(fetchMock, call))).toEqual(['tok123', 'tok123', null, 'tok123']);
  });

  it('does not send a write without the cookie, with the spec message', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const fetchMock = recordingFetch();
    globalThis.fetch = fetchMock;
    const result = await csrfBaseQuery({ url: '/api/v4/presentation/qr1/like/', method: 'PUT' }, queryApi(), {});
    expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: 'Cannot make request without CSRF token.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
