import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { FolderDeleted } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Modal } from '@deck/shared/ui/modal/modal';
import { Body, ErrorText, Heading } from '@deck/shared/ui/text/text';
import { MODAL_ROOT_ID } from '../../modal-root';
import { useDeleteFolderMutation } from '../api/delete-folder-api';
import { deleteFolderMessages as m } from '../messages';

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface DeletableFolder {
  id: number;
  name: string;
  document_count: number;
}

export interface DeleteFolderButtonProps {
  folder: DeletableFolder;
  onDeleted: (deleted: FolderDeleted) => void;
}

/**
 * Deleting a folder, for its owner (spec §6: 'Only the owner may delete the folder.'), after a
 * confirmation that says what happens to its documents: nothing, they stay with their owners.
 */
export function DeleteFolderButton({ folder, onDeleted }: DeleteFolderButtonProps) {
  const intl = useIntl();
  const theme = useTheme();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteFolder, { isLoading }] = useDeleteFolderMutation();

  const close = () => {
    if (isLoading) return;
    setConfirming(false);
    setFailure(null);
  };

  const confirm = async () => {
    setFailure(null);
    const result = await deleteFolder(folder.id);
    if ('error' in result) {
      const reason = toApiError(result.error)?.message ?? intl.formatMessage(m.failedGeneric);
      setFailure(intl.formatMessage(m.failed, { reason }));
      return;
    }
    setConfirming(false);
    onDeleted(result.data);
  };

  const title = intl.formatMessage(m.title, { name: folder.name });
  return (
    <>
      <Button $variant="secondary" aria-label={intl.formatMessage(m.openLabel, { name: folder.name })} onClick={() => setConfirming(true)}>
        {intl.formatMessage(m.open)}
      </Button>
      {confirming ? (
        <Modal
          open
          onClose={close}
          title={title}
          hideTitle
          container={document.getElementById(MODAL_ROOT_ID) ?? document.body}
          width={theme.sizes.deactivateModalWidth}
        >
          <Content>
            <Heading aria-hidden="true">{title}</Heading>
            <Body>{intl.formatMessage(m.body, { count: folder.document_count })}</Body>
            {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
            <Actions>
              <Button $variant="secondary" onClick={close} disabled={isLoading}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button $variant="danger" onClick={() => void confirm()} disabled={isLoading}>
                {intl.formatMessage(isLoading ? m.deleting : m.confirm)}
              </Button>
            </Actions>
          </Content>
        </Modal>
      ) : null}
    </>
  );
}
