import { ConfirmModal as SharedConfirmModal, type ConfirmModalProps as SharedProps } from '@deck/shared/ui/modal/confirm-modal';
import { useDialogContext } from './dialog-context';

export type ConfirmModalProps = Omit<SharedProps, 'container'>;

/** The shared confirmation, asked over the share dialog (in the dialog's modal root). */
export function ConfirmModal(props: ConfirmModalProps) {
  const { container } = useDialogContext();
  if (!container) return null;
  return <SharedConfirmModal {...props} container={container} />;
}
