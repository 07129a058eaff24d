import { act, renderHook } from '@testing-library/react';
import { SLIDE_TIMES_BATCH_MAX_ENTRIES, SLIDE_TIMES_BATCH_MAX_MS, SLIDE_TIMES_FLUSH_SECONDS } from '@deck/shared/domains/viewer/slide-engagement';
import { nextBatch, useSlideTimes } from './use-slide-times';

const OPEN = { linkId: 'L1nk', openId: 'open-0000000001.1700000000.sig' };

/** The batches sendBeacon was given, decoded; `accept` says whether the browser queues each. */
function beacons(accept: () => boolean = () => true) {
  const sent: Array<{ url: string; times: Array<[number, number]> }> = [];
  const sendBeacon = jest.fn((url: string, blob: Blob) => {
    const ok = accept();
    // Blob.text() resolves after the call: flushBlobs() waits for it.
    if (ok) void blob.text().then((text) => sent.push({ url, times: (JSON.parse(text) as { times: Array<[number, number]> }).times }));
    return ok;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  return { sent, sendBeacon };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const flushBlobs = () => act(async () => {});

describe('slide times of a trackable link', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => jest.useRealTimers());

  it('counts each slide while it plays and sends the times every flush interval, to the open’s address', async () => {
    const { sent } = beacons();
    const { rerender } = renderHook(({ page, playing }) => useSlideTimes(OPEN, page, playing), { initialProps: { page: 0, playing: true } });
    act(() => jest.advanceTimersByTime(4000));
    rerender({ page: 1, playing: true });
    act(() => jest.advanceTimersByTime(SLIDE_TIMES_FLUSH_SECONDS * 1000 - 4000));
    await flushBlobs();
    expect(sent).toEqual([{ url: `/api/v1/prezilink/${OPEN.linkId}/visits/${OPEN.openId}/slides/`, times: [[0, 4000], [1, 11000]] }]);
  });

  it('counts nothing while the page is hidden, and sends what it has when it is hidden or playing ends', async () => {
    const { sent } = beacons();
    const { rerender } = renderHook(({ page, playing }) => useSlideTimes(OPEN, page, playing), { initialProps: { page: 2, playing: true } });
    act(() => jest.advanceTimersByTime(3000));
    act(() => setVisibility('hidden'));
    await flushBlobs();
    expect(sent.map((b) => b.times)).toEqual([[[2, 3000]]]);
    act(() => jest.advanceTimersByTime(60_000));
    act(() => setVisibility('visible'));
    act(() => jest.advanceTimersByTime(2000));
    rerender({ page: 2, playing: false });
    await flushBlobs();
    expect(sent.map((b) => b.times)).toEqual([[[2, 3000]], [[2, 2000]]]);
    act(() => jest.advanceTimersByTime(SLIDE_TIMES_FLUSH_SECONDS * 1000));
    await flushBlobs();
    expect(sent).toHaveLength(2);
  });

  it('keeps a batch the browser would not queue and sends it with the next', async () => {
    let accept = false;
    const { sent, sendBeacon } = beacons(() => accept);
    renderHook(() => useSlideTimes(OPEN, 0, true));
    act(() => jest.advanceTimersByTime(SLIDE_TIMES_FLUSH_SECONDS * 1000));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    accept = true;
    act(() => jest.advanceTimersByTime(SLIDE_TIMES_FLUSH_SECONDS * 1000));
    await flushBlobs();
    expect(sent.map((b) => b.times)).toEqual([[[0, 2 * SLIDE_TIMES_FLUSH_SECONDS * 1000]]]);
  });

  it('records nothing without an open (the view page itself)', () => {
    const { sendBeacon } = beacons();
    renderHook(() => useSlideTimes(null, 0, true));
    act(() => jest.advanceTimersByTime(SLIDE_TIMES_FLUSH_SECONDS * 1000));
    act(() => setVisibility('hidden'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('cuts batches at the server’s limits: entries and total time', () => {
    const many = new Map(Array.from({ length: SLIDE_TIMES_BATCH_MAX_ENTRIES + 5 }, (_, slide) => [slide, 1000] as [number, number]));
    expect(nextBatch(many)).toHaveLength(SLIDE_TIMES_BATCH_MAX_ENTRIES);
    const long = new Map<number, number>([
      [0, SLIDE_TIMES_BATCH_MAX_MS - 1000],
      [1, 5000],
    ]);
    expect(nextBatch(long)).toEqual([
      [0, SLIDE_TIMES_BATCH_MAX_MS - 1000],
      [1, 1000],
    ]);
  });
});
