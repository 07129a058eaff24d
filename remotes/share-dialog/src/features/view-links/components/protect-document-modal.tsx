import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { ConfirmModal } from '../../../common/confirm-modal';
import { useDocumentKind } from '../../../common/dialog-context';
import { viewLinksMessages as m } from '../messages';
import { EndActions } from './layout';

export interface ProtectDocumentModalProps {
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asked before the save that gives a document its first protected link (docs/decisions.md, *Protected trackable
 * links*): from then on the document's own address opens only for the people it is shared with. The two choices say
 * what they do; going back comes first and takes focus, so Enter never protects by surprise.
 */
export function ProtectDocumentModal({ onCancel, onConfirm }: ProtectDocumentModalProps) {
  const intl = useIntl();
  const kind = useDocumentKind();
  return (
    <ConfirmModal title={intl.formatMessage(m.protectTitle, { kind })} onClose={onCancel}>
      <Body>{intl.formatMessage(m.protectBody, { kind })}</Body>
      <Body>{intl.formatMessage(m.protectUndo)}</Body>
      <EndActions>
        <Button $variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.protectCancel)}
        </Button>
        <Button onClick={onConfirm}>{intl.formatMessage(m.protectConfirm, { kind })}</Button>
      </EndActions>
    </ConfirmModal>
  );
}
