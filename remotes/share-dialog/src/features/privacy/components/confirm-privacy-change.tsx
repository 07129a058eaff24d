import { useIntl, type MessageDescriptor } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { Modal } from '@deck/shared/ui/modal/modal';
import { Button } from '@deck/shared/ui/button/button';
import { Body, Heading } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { confirmMessages as m } from '../messages';
import type { PrivacyConfirmation } from '../utils/confirm-change';

const Title = styled(Heading)`
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} 0`};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl} ${theme.space.xl}`};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

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

/**
 * Says what the change will do before it happens, in a small modal over the dialog. Cancel comes
 * first and has focus, so Enter or Escape changes nothing.
 */
export function ConfirmPrivacyChange({ kind, documentTitle, onConfirm, onCancel }: ConfirmPrivacyChangeProps) {
  const intl = useIntl();
  const theme = useTheme();
  const { container } = useDialogContext();
  const texts = TEXTS[kind];
  if (!container) return null;
  return (
    <Modal open onClose={onCancel} title={<Title>{intl.formatMessage(texts.title)}</Title>} container={container} width={theme.sizes.deactivateModalWidth}>
      <Content>
        <Body>{intl.formatMessage(texts.body, { title: documentTitle })}</Body>
        <Buttons>
          <Button $variant="secondary" onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button onClick={onConfirm}>{intl.formatMessage(texts.action)}</Button>
        </Buttons>
      </Content>
    </Modal>
  );
}
