import { act, renderHook } from '@testing-library/react';
import { useDelayedNotice } from './use-delayed-notice';

describe('useDelayedNotice', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows after the delay and hides after the duration', () => {
    const { result } = renderHook(() => useDelayedNotice(2000, 3000));
    act(() => result.current.trigger());
    expect(result.current.visible).toBe(false);
    act(() => jest.advanceTimersByTime(1999));
    expect(result.current.visible).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.visible).toBe(true);
    act(() => jest.advanceTimersByTime(2999));
    expect(result.current.visible).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it('starts over when triggered again', () => {
    const { result } = renderHook(() => useDelayedNotice(2000, 3000));
    act(() => result.current.trigger());
    act(() => jest.advanceTimersByTime(2500));
    expect(result.current.visible).toBe(true);
    act(() => result.current.trigger());
    expect(result.current.visible).toBe(false);
    act(() => jest.advanceTimersByTime(2000));
    expect(result.current.visible).toBe(true);
    act(() => jest.advanceTimersByTime(3000));
    expect(result.current.visible).toBe(false);
  });

  it('leaves no timer running after unmount', () => {
    const { result, unmount } = renderHook(() => useDelayedNotice(2000, 3000));
    act(() => result.current.trigger());
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
