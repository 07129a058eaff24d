import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while the button renders to the server's first view (docs/architecture.md, "The view page's first view"),
 * false in the browser. Server HTML has no handlers until the remote takes the part over, so the button drawn
 * there says it is not ready (`aria-disabled`) instead of taking a press that nothing would carry out: so it stays
 * without JavaScript, and the page's entry script, which holds a press until the remote is there, says it is ready
 * (shell/src/first-view/held-controls.ts). Kept in the
 * remote: a module of @deck/shared the shell does not hold would be one more script on the view page.
 */
export function useRenderedOnServer(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
