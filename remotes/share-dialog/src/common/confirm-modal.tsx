import type { ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Modal } from '@deck/shared/ui/modal/modal';
import { Heading } from '@deck/shared/ui/text/text';
import { useDialogContext } from './dialog-context';

const Title = styled(Heading)`
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} 0`};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl} ${theme.space.xl}`};
`;

/** The question's buttons, at the end of the line. */
export const ConfirmButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface ConfirmModalProps {
  title: string;
  /** Escape and a click on the background; the caller decides whether closing is possible now. */
  onClose: () => void;
  /** Where focus goes on close when what opened the question is gone (a menu item). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}

/**
 * The frame of a question asked over the dialog (500 px, in the dialog's modal root). Put Cancel
 * first among the buttons: it takes the focus, so Enter or a hasty click changes nothing.
 */
export function ConfirmModal({ title, onClose, returnFocusTo, children }: ConfirmModalProps) {
  const theme = useTheme();
  const { container } = useDialogContext();
  if (!container) return null;
  return (
    <Modal open alert onClose={onClose} title={<Title>{title}</Title>} container={container} width={theme.sizes.deactivateModalWidth} returnFocusTo={returnFocusTo}>
      <Content>{children}</Content>
    </Modal>
  );
}
