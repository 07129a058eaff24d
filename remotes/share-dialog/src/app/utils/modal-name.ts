import { MountPropError } from '@deck/shared/mount/validate-props';
import type { ShareDialogModal } from '../../public-types';

export type { ShareDialogModal };

/**
 * The modals the remote can open: the share dialog itself, or the social share modal alone
 * (a viewer's Share button). A Record, so the compiler insists on every modal the published type lists.
 */
const MODALS: Record<ShareDialogModal, true> = { share: true, socialShare: true };
export const SHARE_DIALOG_MODALS = Object.keys(MODALS) as ShareDialogModal[];

/** Spec §8: any other name fails with 'Modal does not exist!'; the rest of the message names the value. */
export class UnknownModalError extends MountPropError {
  constructor(name: unknown) {
    super('share-dialog', 'modal', `'share' or 'socialShare'`, name, 'Modal does not exist!');
  }
}

export function knownModal(name: unknown): ShareDialogModal {
  const modal = name ?? 'share';
  if (!(SHARE_DIALOG_MODALS as unknown[]).includes(modal)) throw new UnknownModalError(name);
  return modal as ShareDialogModal;
}
