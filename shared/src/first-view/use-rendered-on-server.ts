import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while a component renders to the server's first view (docs/architecture.md, "The view page's first view"),
 * false in the browser. Server HTML has no handlers until its remote takes the part over, so a control drawn
 * there says it is not ready (`aria-disabled`) instead of taking a press that nothing would carry out.
 */
export function useRenderedOnServer(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
