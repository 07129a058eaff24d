import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { ConfirmButtons } from '@deck/shared/ui/modal/confirm-modal';
import { ConfirmModal } from '../../../common/confirm-modal';
import { collaboratorsMessages as m } from '../messages';

export interface TransferConfirmationProps {
  /** The future owner, as the list shows them. */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The control focus goes back to on Cancel (the future owner's permission menu). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Asks before the owner hands the document over: who gets it and what the owner keeps. */
export function TransferConfirmation({ name, busy, onConfirm, onCancel, returnFocusTo }: TransferConfirmationProps) {
  const intl = useIntl();
  return (
    <ConfirmModal title={intl.formatMessage(m.transferTitle, { name })} onClose={() => (busy ? undefined : onCancel())} returnFocusTo={returnFocusTo}>
      <Body>{intl.formatMessage(m.transferText, { name })}</Body>
      <ConfirmButtons>
        <Button $variant="secondary" disabled={busy} onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button $variant="danger" disabled={busy} onClick={onConfirm}>
          {intl.formatMessage(m.transferConfirm)}
        </Button>
      </ConfirmButtons>
    </ConfirmModal>
  );
}
