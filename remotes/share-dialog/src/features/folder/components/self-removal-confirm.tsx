import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { ConfirmButtons } from '@deck/shared/ui/modal/confirm-modal';
import { ConfirmModal } from '../../../common/confirm-modal';
import { folderMessages } from '../messages';

export interface SelfRemovalConfirmProps {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before the user removes themself (spec §2), as the dialog's other questions do: an alert
 * dialog over the share dialog that keeps focus inside it. Cancel comes first and
 * takes focus, Escape cancels, and focus then goes back to the Remove control that asked.
 */
export function SelfRemovalConfirm({ busy, onConfirm, onCancel }: SelfRemovalConfirmProps) {
  const intl = useIntl();
  return (
    <ConfirmModal
      title={intl.formatMessage(folderMessages.confirmSelfRemoval)}
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      <ConfirmButtons>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          {intl.formatMessage(folderMessages.cancel)}
        </Button>
        <Button $variant="danger" onClick={onConfirm} disabled={busy}>
          {intl.formatMessage(folderMessages.ok)}
        </Button>
      </ConfirmButtons>
    </ConfirmModal>
  );
}
