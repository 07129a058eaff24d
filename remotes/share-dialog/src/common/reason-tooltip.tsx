import { cloneElement, useId, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { VisuallyHidden } from './visually-hidden';
import { useDialogContext } from './dialog-context';

const Title = styled.strong`
  display: block;
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

export function ReasonContent({ title, reason }: { title: ReactNode; reason: ReactNode }) {
  return (
    <>
      <Title>{title}</Title>
      {reason}
    </>
  );
}

/** The props a control takes to stay focusable while unavailable (a button, MenuSelect). */
export interface UnavailableProps {
  disabled?: boolean;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  onClick?: (event: MouseEvent) => void;
}

function ignoreClick(event: MouseEvent) {
  event.preventDefault();
}

/**
 * An unavailable control that says why. It keeps its role and Tab stop and reports itself as
 * unavailable (`aria-disabled`, not `disabled`), with the reason as its description, so a screen
 * reader hears "Embed, button, unavailable, Not allowed to embed …"; the same reason shows in a tooltip
 * on hover, on focus and on a press (a tap on a touch screen, a click, Enter), placed to stay whole inside
 * the viewport. Activating it does nothing else.
 */
export function ReasonTooltip({ title, reason, children }: { title: ReactNode; reason: ReactNode; children: ReactElement<UnavailableProps> }) {
  const { container } = useDialogContext();
  const reasonId = useId();
  const control = cloneElement(children, { disabled: false, 'aria-disabled': true, 'aria-describedby': reasonId, onClick: ignoreClick });
  return (
    <>
      <Tooltip content={<ReasonContent title={title} reason={reason} />} container={container} openOnPress>
        {control}
      </Tooltip>
      <VisuallyHidden id={reasonId}>
        {title} {reason}
      </VisuallyHidden>
    </>
  );
}
