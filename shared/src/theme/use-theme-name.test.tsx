import { act, renderHook } from '@testing-library/react';
import { useThemeName } from '@deck/shared/theme/use-theme-name';

/** A matchMedia whose answer to prefers-color-scheme the test can change. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn().mockReturnValue(query);
  return {
    change(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('useThemeName', () => {
  it('follows the system setting by default, and its changes', () => {
    const system = fakeColorScheme(true);
    const { result } = renderHook(() => useThemeName());
    expect(result.current).toBe('dark');
    act(() => system.change(false));
    expect(result.current).toBe('light');
  });

  it('lets the host force a theme whatever the system says', () => {
    fakeColorScheme(true);
    expect(renderHook(() => useThemeName('light')).result.current).toBe('light');
    fakeColorScheme(false);
    expect(renderHook(() => useThemeName('dark')).result.current).toBe('dark');
  });
});
