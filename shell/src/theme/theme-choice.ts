import { useSyncExternalStore } from 'react';
import type { ThemePreference } from '@deck/shared/theme/theme';

/** The demo's theme switch remembers the visitor's choice in this browser. */
export const THEME_CHOICE_KEY = 'deck.theme';

const listeners = new Set<() => void>();

function isPreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readThemeChoice(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_CHOICE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    // Storage can be refused (privacy settings); the system preference then applies.
    return 'system';
  }
}

export function setThemeChoice(choice: ThemePreference): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_CHOICE_KEY);
    else window.localStorage.setItem(THEME_CHOICE_KEY, choice);
  } catch {
    // Not remembered, but still applied to this page below.
  }
  current = choice;
  listeners.forEach((listener) => listener());
}

let current: ThemePreference | null = null;

function snapshot(): ThemePreference {
  current ??= readThemeChoice();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shell's theme choice: 'system' (prefers-color-scheme) until the visitor picks one. */
export function useThemeChoice(): ThemePreference {
  return useSyncExternalStore(subscribe, snapshot, () => 'system');
}
