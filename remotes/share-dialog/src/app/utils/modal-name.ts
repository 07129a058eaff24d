/**
 * The modals the remote can open: the share dialog itself, or the social share modal alone
 * (a viewer's Share button). Spec §8: any other name fails with 'Modal does not exist!'.
 */
export const SHARE_DIALOG_MODALS = ['share', 'socialShare'] as const;
export type ShareDialogModal = (typeof SHARE_DIALOG_MODALS)[number];

export class UnknownModalError extends Error {
  constructor() {
    super('Modal does not exist!');
    this.name = 'UnknownModalError';
  }
}

export function knownModal(name: string | undefined): ShareDialogModal {
  const modal = name ?? 'share';
  if (!(SHARE_DIALOG_MODALS as readonly string[]).includes(modal)) throw new UnknownModalError();
  return modal as ShareDialogModal;
}
