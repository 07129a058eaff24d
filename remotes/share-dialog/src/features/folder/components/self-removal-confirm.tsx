import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { folderMessages } from '../messages';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface SelfRemovalConfirmProps {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before the user removes themself (spec §2). It sits inside the share dialog rather than
 * stacking a second modal; focus starts on Cancel, the safe choice, and Escape cancels.
 */
export function SelfRemovalConfirm({ busy, onConfirm, onCancel }: SelfRemovalConfirmProps) {
  const intl = useIntl();
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    cancel.current?.focus();
  }, []);

  useEffect(() => {
    // Escape here answers the question instead of closing the whole dialog around it. The dialog
    // listens on the document in the capture phase, so this listens earlier still, on the window.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !box.current?.contains(event.target as Node)) return;
      event.stopPropagation();
      event.preventDefault();
      onCancel();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [onCancel]);

  return (
    <Box ref={box} role="alertdialog" aria-labelledby={questionId}>
      <Body id={questionId}>{intl.formatMessage(folderMessages.confirmSelfRemoval)}</Body>
      <Actions>
        <Button ref={cancel} $variant="secondary" onClick={onCancel} disabled={busy}>
          {intl.formatMessage(folderMessages.cancel)}
        </Button>
        <Button $variant="danger" onClick={onConfirm} disabled={busy}>
          {intl.formatMessage(folderMessages.ok)}
        </Button>
      </Actions>
    </Box>
  );
}
