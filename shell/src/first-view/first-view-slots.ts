import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteName } from '@deck/shared/api/contract';

/**
 * How a remote's slot meets the server's first view (docs/architecture.md, "The view page's first view"). On the
 * server, `render` draws what the remote shows first inside the slot; in the browser, `written` names the
 * slots that hold it, which keep it (no spinner) until the remote replaces it with its own first render.
 */
export interface FirstViewSlots {
  render?: (remote: RemoteName, props: object) => ReactNode;
  written?: ReadonlySet<RemoteName>;
}

export const FirstViewSlotsContext = createContext<FirstViewSlots>({});

export const useFirstViewSlots = () => useContext(FirstViewSlotsContext);
