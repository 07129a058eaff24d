import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { ConfirmButtons } from '@deck/shared/ui/modal/confirm-modal';
import { ConfirmModal } from '../../../common/confirm-modal';
import { collaboratorsMessages as m } from '../messages';

/**
 * Asks before the user removes their own access, as the dialog's other questions do: an
 * alert dialog over the share dialog that keeps focus inside it. Cancel comes first and takes focus,
 * Escape cancels, and focus then goes back to the permission menu that asked.
 */
export interface LeaveConfirmationProps {
  onConfirm: () => void;
  onCancel: () => void;
  /** The control focus goes back to on Cancel (the user's own permission menu). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export function LeaveConfirmation({ onConfirm, onCancel, returnFocusTo }: LeaveConfirmationProps) {
  const intl = useIntl();
  return (
    <ConfirmModal title={intl.formatMessage(m.leaveTitle)} onClose={onCancel} returnFocusTo={returnFocusTo}>
      <Body>{intl.formatMessage(m.leaveText)}</Body>
      <ConfirmButtons>
        <Button $variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button $variant="danger" onClick={onConfirm}>
          {intl.formatMessage(m.leaveConfirm)}
        </Button>
      </ConfirmButtons>
    </ConfirmModal>
  );
}
