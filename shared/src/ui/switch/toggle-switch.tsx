import { useId, type ReactNode } from 'react';
import * as RadixSwitch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { VisuallyHidden } from '@deck/shared/ui/visually-hidden/visually-hidden';
import { respectReducedMotion } from '@deck/shared/ui/motion/reduced-motion';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.sm} 0`};
`;

const Texts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Description = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Root = styled(RadixSwitch.Root)`
  flex: none;
  position: relative;
  width: ${({ theme }) => theme.sizes.switchWidth};
  height: ${({ theme }) => theme.sizes.switchHeight};
  border-radius: ${({ theme }) => theme.radiusRound};
  border: none;
  padding: 0;
  background: ${({ theme }) => theme.colors.borderStrong};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition};
  ${respectReducedMotion}
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.primary};
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  /* Forced colours (WCAG 1.4.11) drop author backgrounds, and the track and thumb are only backgrounds: they
     draw in the system's colours instead, an edge around the track, the thumb filled, on in Highlight. */
  @media (forced-colors: active) {
    forced-color-adjust: none;
    background: Canvas;
    border: 1px solid CanvasText;
    &[data-state='checked'] {
      background: Highlight;
      border-color: Highlight;
    }
    &:disabled,
    &[aria-disabled='true'] {
      border-color: GrayText;
    }
  }
`;

const Thumb = styled(RadixSwitch.Thumb)`
  display: block;
  width: calc(${({ theme }) => theme.sizes.switchHeight} - 4px);
  height: calc(${({ theme }) => theme.sizes.switchHeight} - 4px);
  border-radius: ${({ theme }) => theme.radiusRound};
  background: ${({ theme }) => theme.colors.surface};
  transform: translateX(2px);
  transition: transform ${({ theme }) => theme.transition};
  ${respectReducedMotion}
  &[data-state='checked'] {
    transform: translateX(calc(${({ theme }) => theme.sizes.switchWidth} - ${({ theme }) => theme.sizes.switchHeight} + 2px));
  }
  @media (forced-colors: active) {
    forced-color-adjust: none;
    background: CanvasText;
    &[data-state='checked'] {
      background: HighlightText;
    }
  }
`;

export interface ToggleSwitchProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Shown on hover and focus when the switch is disabled, saying why. */
  disabledReason?: ReactNode;
  tooltipContainer?: HTMLElement | null;
  /** Extra content after the description, such as an Upgrade action. */
  extra?: ReactNode;
}

/**
 * A labelled switch; Space and Enter toggle it. A disabled one that has a reason stays a focusable
 * switch with its checked state, reports itself unavailable (`aria-disabled`) and has the reason as
 * its description and in a tooltip: no wrapper that reads as plain text.
 */
export function ToggleSwitch({
  label,
  description,
  checked,
  onChange,
  disabled,
  disabledReason,
  tooltipContainer,
  extra,
}: ToggleSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const reasonId = `${id}-reason`;
  const explained = Boolean(disabled && disabledReason);
  const describedBy = [description ? descriptionId : null, explained ? reasonId : null].filter(Boolean).join(' ');
  const control = (
    <Root
      id={id}
      checked={checked}
      disabled={disabled && !explained}
      aria-disabled={explained || undefined}
      aria-describedby={describedBy || undefined}
      onCheckedChange={(next) => {
        if (!disabled) onChange(next);
      }}
      onKeyDown={(event) => {
        // Enter toggles too (spec §4), as Space does for every switch.
        if (event.key === 'Enter' && !disabled) {
          event.preventDefault();
          onChange(!checked);
        }
      }}
    >
      <Thumb />
    </Root>
  );
  return (
    <Row>
      <Texts>
        <Label htmlFor={id}>{label}</Label>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
        {extra}
      </Texts>
      {explained ? (
        <>
          <Tooltip content={disabledReason} container={tooltipContainer} openOnPress>
            {control}
          </Tooltip>
          <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
        </>
      ) : (
        control
      )}
    </Row>
  );
}
