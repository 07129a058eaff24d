import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { useDialogContext } from './dialog-context';

const Title = styled.strong`
  display: block;
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Focusable = styled.span`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radius};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export function ReasonContent({ title, reason }: { title: ReactNode; reason: ReactNode }) {
  return (
    <>
      <Title>{title}</Title>
      {reason}
    </>
  );
}

/**
 * A disabled control that says why on hover and focus. Disabled elements get no pointer events,
 * so a focusable wrapper carries the tooltip.
 */
export function ReasonTooltip({ title, reason, children }: { title: ReactNode; reason: ReactNode; children: ReactNode }) {
  const { container } = useDialogContext();
  return (
    <Tooltip content={<ReasonContent title={title} reason={reason} />} container={container}>
      <Focusable tabIndex={0}>{children}</Focusable>
    </Tooltip>
  );
}
