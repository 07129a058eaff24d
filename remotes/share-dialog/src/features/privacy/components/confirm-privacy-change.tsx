import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { ConfirmButtons } from '@deck/shared/ui/modal/confirm-modal';
import { ConfirmModal } from '../../../common/confirm-modal';
import { confirmMessages as m } from '../messages';
import type { PrivacyConfirmation } from '../utils/confirm-change';

const TEXTS: Record<PrivacyConfirmation, { title: MessageDescriptor; body: MessageDescriptor; action: MessageDescriptor }> = {
  open: { title: m.openTitle, body: m.openBody, action: m.openAction },
  'open-and-create-link': { title: m.openTitle, body: m.openAndCreateBody, action: m.openAction },
  publish: { title: m.publishTitle, body: m.publishBody, action: m.publishAction },
  'close-published': { title: m.closePublishedTitle, body: m.closePublishedBody, action: m.closePublishedAction },
  unpublish: { title: m.unpublishTitle, body: m.unpublishBody, action: m.unpublishAction },
};

export interface ConfirmPrivacyChangeProps {
  kind: PrivacyConfirmation;
  documentTitle: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Says what the change will do before it happens. Cancel, Escape and the background change nothing. */
export function ConfirmPrivacyChange({ kind, documentTitle, onConfirm, onCancel }: ConfirmPrivacyChangeProps) {
  const intl = useIntl();
  const texts = TEXTS[kind];
  return (
    <ConfirmModal title={intl.formatMessage(texts.title)} onClose={onCancel}>
      <Body>{intl.formatMessage(texts.body, { title: documentTitle })}</Body>
      <ConfirmButtons>
        <Button $variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button onClick={onConfirm}>{intl.formatMessage(texts.action)}</Button>
      </ConfirmButtons>
    </ConfirmModal>
  );
}
