import { useSyncExternalStore } from 'react';
import type { ThemePreference } from '@deck/shared/theme/theme';
import { forcedTheme, THEME_ATTRIBUTE, THEME_COOKIE } from '@deck/shared/theme/theme-variables';

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

const YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * The page's root element and the server learn the choice too: the server writes the page's first view in
 * the chosen theme (docs/architecture.md), and what it wrote follows the root element's `data-theme`.
 */
export function showThemeChoice(choice: ThemePreference = readThemeChoice()): void {
  const forced = forcedTheme(choice);
  if (forced) document.documentElement.setAttribute(THEME_ATTRIBUTE, forced);
  else document.documentElement.removeAttribute(THEME_ATTRIBUTE);
  document.cookie = forced ? `${THEME_COOKIE}=${forced}; path=/; max-age=${YEAR_SECONDS}; samesite=lax` : `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export function setThemeChoice(choice: ThemePreference): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_CHOICE_KEY);
    else window.localStorage.setItem(THEME_CHOICE_KEY, choice);
  } catch {
    // Not remembered, but still applied to this page below.
  }
  current = choice;
  showThemeChoice(choice);
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
