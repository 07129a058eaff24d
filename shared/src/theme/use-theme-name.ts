import { useSyncExternalStore } from 'react';
import type { ThemeName, ThemePreference } from '@deck/shared/theme/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

/**
 * The theme to draw with: the host's forced choice, or by default the user's system setting,
 * followed live when it changes.
 */
export function useThemeName(preference: ThemePreference = 'system'): ThemeName {
  const prefersDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  if (preference === 'light' || preference === 'dark') return preference;
  return prefersDark ? 'dark' : 'light';
}
