import { act, renderHook } from '@testing-library/react';
import { UNDO_WINDOW_MS, useUndoWindow } from './use-undo-window';

describe('useUndoWindow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('offers the last removal for 8 s', () => {
    const { result } = renderHook(() => useUndoWindow<string>());
    act(() => result.current.offerUndo('carol'));
    expect(result.current.offer).toBe('carol');
    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(result.current.offer).toBe('carol');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.offer).toBeNull();
  });

  it('stops the time while hovered or focused and goes on with what was left', () => {
    const { result } = renderHook(() => useUndoWindow<string>(8000));
    act(() => result.current.offerUndo('carol'));
    act(() => jest.advanceTimersByTime(5000));
    act(() => result.current.hold('focus', true));
    act(() => result.current.hold('hover', true));
    expect(result.current.paused).toBe(true);
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.offer).toBe('carol');
    act(() => result.current.hold('focus', false));
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.offer).toBe('carol');
    act(() => result.current.hold('hover', false));
    act(() => jest.advanceTimersByTime(2999));
    expect(result.current.offer).toBe('carol');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.offer).toBeNull();
  });

  it('a new removal replaces the offer with a full window', () => {
    const { result } = renderHook(() => useUndoWindow<string>(8000));
    act(() => result.current.offerUndo('carol'));
    act(() => jest.advanceTimersByTime(6000));
    act(() => result.current.offerUndo('dave'));
    act(() => jest.advanceTimersByTime(7999));
    expect(result.current.offer).toBe('dave');
    act(() => result.current.dismiss());
    expect(result.current.offer).toBeNull();
  });
});
