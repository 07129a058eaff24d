import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Modal } from '@deck/shared/ui/modal/modal';
import { Button } from '@deck/shared/ui/button/button';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Heading } from '@deck/shared/ui/text/text';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { socialShareMessages } from '../messages';
import { SocialShareButtons } from './social-share-buttons';

const Title = styled(Heading)`
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} 0`};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface SocialShareModalProps {
  documentOid: string;
  open: boolean;
  onClose: () => void;
  /** Where the modal is portalled (the host's modal root). */
  container: HTMLElement;
}

/** Spec §2 "Social share modal": the networks plus the document's link, read-only, with Copy → 'Copied'. */
export function SocialShareModal({ documentOid, open, onClose, container }: SocialShareModalProps) {
  const intl = useIntl();
  const privacy = useGetUnifiedPrivacyQuery(documentOid, { skip: !open }).data;
  const linkLabel = intl.formatMessage(socialShareMessages.linkLabel);
  return (
    <Modal
      open={open}
      onClose={onClose}
      container={container}
      title={<Title>{intl.formatMessage(socialShareMessages.modalTitle)}</Title>}
    >
      <Content>
        <SocialShareButtons documentOid={documentOid} variant="labelled" />
        {privacy?.view_link ? (
          <Field>
            <span aria-hidden="true">{linkLabel}</span>
            <CopyField label={linkLabel} value={privacy.view_link} />
          </Field>
        ) : null}
        <Footer>
          <Button onClick={onClose}>{intl.formatMessage(socialShareMessages.done)}</Button>
        </Footer>
      </Content>
    </Modal>
  );
}
