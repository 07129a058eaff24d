import { createContext, useContext } from 'react';

/**
 * The page's path and query, as the shell's App was given them: the browser's location, or on the server the
 * request's, since the server renders the view page's first view with the same components (no `window` there).
 * Outside an App (a part rendered on its own) it is the browser's.
 */
export const PageLocation = createContext<string | null>(null);

export function usePageLocation(): string {
  const given = useContext(PageLocation);
  if (given !== null) return given;
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}
