import type { ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Heading } from '@deck/shared/ui/text/text';
import { Modal } from '@deck/shared/ui/modal/modal';

const Title = styled(Heading)`
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xl} 0`};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl} ${theme.space.xl}`};
  overflow-wrap: anywhere;
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
  /** Where the question is portalled: the share dialog's modal root, or the page's. */
  container: HTMLElement;
  /** Where focus goes on close when what opened the question is gone (a menu item). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}

/**
 * The one confirmation of the product: an alert dialog that holds focus until answered and
 * gives it back to what opened it. Put Cancel first among the buttons: it takes the focus, so Enter or
 * a hasty click changes nothing. The share dialog's questions and the dashboard's destructive actions
 * all use it.
 */
export function ConfirmModal({ title, onClose, container, returnFocusTo, children }: ConfirmModalProps) {
  const theme = useTheme();
  return (
    <Modal open alert onClose={onClose} title={<Title>{title}</Title>} container={container} width={theme.sizes.deactivateModalWidth} returnFocusTo={returnFocusTo}>
      <Content>{children}</Content>
    </Modal>
  );
}
