import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { FolderDeleted } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Body, ErrorText, SectionTitle } from '@deck/shared/ui/text/text';
import { useDeleteFolderMutation } from '../api/delete-folder-api';
import { deleteFolderMessages as m } from '../messages';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';

// The question takes a line of its own under the folder's row.
const Question = styled.div`
  flex-basis: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
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
 * question that says what happens to its documents: nothing, they stay with their owners. The
 * question sits under the folder's row rather than in a modal (as the folder page's self-removal
 * question does); focus starts on Cancel, the safe choice, and Escape cancels.
 */
export function DeleteFolderButton({ folder, onDeleted }: DeleteFolderButtonProps) {
  const intl = useIntl();
  const titleId = useId();
  const bodyId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteFolder, { isLoading }] = useDeleteFolderMutation();

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    if (isLoading) return;
    setConfirming(false);
    setFailure(null);
    opener.current?.focus();
  };

  const confirm = async () => {
    setFailure(null);
    const result = await deleteFolder(folder.id);
    if ('error' in result) {
      const reason = refusalReason(intl, refusalOf(toApiError(result.error))) ?? intl.formatMessage(m.failedGeneric);
      setFailure(intl.formatMessage(m.failed, { reason }));
      return;
    }
    setConfirming(false);
    onDeleted(result.data);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    cancel();
  };

  return (
    <>
      <Button
        ref={opener}
        $variant="secondary"
        aria-label={intl.formatMessage(m.openLabel, { name: folder.name })}
        aria-expanded={confirming}
        onClick={() => setConfirming(true)}
      >
        {intl.formatMessage(m.open)}
      </Button>
      {confirming ? (
        <Question role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} onKeyDown={onKeyDown}>
          <SectionTitle id={titleId}>{intl.formatMessage(m.title, { name: folder.name })}</SectionTitle>
          <Body id={bodyId}>{intl.formatMessage(m.body, { count: folder.document_count })}</Body>
          {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
          <Actions>
            <Button ref={cancelButton} $variant="secondary" onClick={cancel} disabled={isLoading}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button $variant="danger" onClick={() => void confirm()} disabled={isLoading}>
              {intl.formatMessage(isLoading ? m.deleting : m.confirm)}
            </Button>
          </Actions>
        </Question>
      ) : null}
    </>
  );
}
