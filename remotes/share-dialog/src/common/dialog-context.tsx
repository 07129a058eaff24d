import { createContext, useContext } from 'react';

export interface UpgradeRequest {
  paywallKey?: string;
  plan?: string;
}

export interface DialogContextValue {
  documentOid: string | null;
  /** The host's modal root: menus and tooltips portal here so they sit above the dialog. */
  container: HTMLElement | null;
  /** The host's upgrade handler; without one the dialog offers no Upgrade action. */
  onUpgrade?: (request: UpgradeRequest) => void;
}

const DialogContext = createContext<DialogContextValue>({ documentOid: null, container: null });

export const DialogContextProvider = DialogContext.Provider;

export function useDialogContext(): DialogContextValue {
  return useContext(DialogContext);
}
