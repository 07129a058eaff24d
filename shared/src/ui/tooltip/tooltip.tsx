import type { ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import styled from 'styled-components';

/** Spec §9: tooltips open after 300 ms of hover. */
export const TOOLTIP_OPEN_DELAY_MS = 300;
export const TOOLTIP_CLOSE_DELAY_MS = 500;

const Content = styled(RadixTooltip.Content)`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  background: ${({ theme }) => theme.colors.tooltipBg};
  color: ${({ theme }) => theme.colors.tooltipText};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  max-width: 280px;
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  line-height: ${({ theme }) => theme.font.lineHeight};
`;

const Arrow = styled(RadixTooltip.Arrow)`
  fill: ${({ theme }) => theme.colors.tooltipBg};
`;

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** Controlled open state, for tooltips that open and close by themselves. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Where the tooltip is portalled; a remote passes its own root so styles and focus stay inside. */
  container?: HTMLElement | null;
}

export function Tooltip({ content, children, open, onOpenChange, side = 'top', container }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_CLOSE_DELAY_MS}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal container={container ?? undefined}>
          <Content side={side} sideOffset={6}>
            {content}
            <Arrow />
          </Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
