import { createContext, useContext, useEffect, useRef } from 'react';

import type { UpgradeRequest } from '../public-types';

export type { UpgradeRequest };

/** What the dialog calls the document in its sentences: a design (INFOGRAM) or a presentation. */
export type DocumentKind = 'design' | 'presentation';

export interface DialogContextValue {
  documentOid: string | null;
  /** 'This design has 2 trackable links' on a design, 'This presentation has…' on the rest. */
  documentKind?: DocumentKind;
  /** The host's modal root: menus and tooltips portal here so they sit above the dialog. */
  container: HTMLElement | null;
  /** The host's upgrade handler; without one the dialog offers no Upgrade action. */
  onUpgrade?: (request: UpgradeRequest) => void;
  /** Where a page with unsaved work registers its guard against closing (see `useCloseGuard`). */
  closeGuards?: CloseGuards;
}

/**
 * A guard is asked before the dialog closes (Done, Escape, a click on the background). It returns
 * true when it holds the close back (to ask the user first); it then calls `proceed` to close after all.
 */
export type CloseGuard = (proceed: () => void) => boolean;

export interface CloseGuards {
  current: CloseGuard | null;
}

/** Asks the registered guard; true when it held the close back. */
export function closeHeldBack(guards: CloseGuards | undefined, proceed: () => void): boolean {
  return guards?.current?.(proceed) ?? false;
}

const DialogContext = createContext<DialogContextValue>({ documentOid: null, container: null });

export const DialogContextProvider = DialogContext.Provider;

export function useDialogContext(): DialogContextValue {
  return useContext(DialogContext);
}

/** What the sentences call the document (a presentation until the document says it is a design). */
export function useDocumentKind(): DocumentKind {
  return useContext(DialogContext).documentKind ?? 'presentation';
}

/**
 * Registers `guard` for as long as the calling component is mounted; the latest `guard` is asked,
 * so it may read current state without re-registering.
 */
export function useCloseGuard(guard: CloseGuard): void {
  const { closeGuards } = useDialogContext();
  const latest = useRef(guard);
  latest.current = guard;
  useEffect(() => {
    if (!closeGuards) return undefined;
    const registered: CloseGuard = (proceed) => latest.current(proceed);
    closeGuards.current = registered;
    return () => {
      if (closeGuards.current === registered) closeGuards.current = null;
    };
  }, [closeGuards]);
}
