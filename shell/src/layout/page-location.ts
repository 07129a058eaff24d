import { createContext, useContext } from 'react';

/**
 * The page's path and query, as the shell's App was given them: the browser's location, or on the server the
 * request's, since the server renders the view page's first view with the same components (no `window` there).
 */
export const PageLocation = createContext('/');

export const usePageLocation = () => useContext(PageLocation);
