import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import styled, { useTheme } from 'styled-components';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const Content = styled(RadixTooltip.Content)`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  background: ${({ theme }) => theme.colors.tooltipBg};
  color: ${({ theme }) => theme.colors.tooltipText};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  /* Never wider than the viewport less its margins: on a 320 px screen the whole text stays in view. */
  max-width: min(280px, calc(100vw - 16px));
  overflow-wrap: anywhere;
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
  /** Told when the pointer comes onto the control or the tooltip, and when it has left both. */
  onHoverChange?: (hovered: boolean) => void;
  /**
   * Opens on a press of the control too (a click, a tap, Enter or Space), for a control that does nothing
   * else when pressed: an unavailable control explaining why, the error icon. Touch screens have no hover,
   * so this is how they read it; the press does not reach the control.
   */
  openOnPress?: boolean;
  /**
   * Where the tooltip is portalled when its control is in no dialog or landmark; a remote passes its own
   * root so styles stay inside.
   */
  container?: HTMLElement | null;
}

/** The room a tooltip keeps from the viewport's edges when it shifts or flips to stay inside it. */
const COLLISION_PADDING = 8;

/** The landmarks a tooltip may belong to, innermost first: a dialog hides the rest of the page. */
const ENCLOSING = '[role="dialog"], [role="alertdialog"], dialog, main, [role="main"], header, nav, aside, footer, [role="region"]';

/**
 * Spec §9: a tooltip opens after 300 ms of hover and closes 500 ms after the pointer leaves, so
 * moving towards it or brushing past the edge does not make it flicker. Radix opens with a delay but
 * closes at once, so the close is delayed here; Escape still closes at once. When focus leaves, the
 * tooltip closes without the delay: Tabbing along a row of controls must not leave their tooltips
 * stacked up, and Escape must reach the dialog instead of closing a tooltip of a control already left.
 * That close still waits for the current task to end: removed during the blur, while nothing has
 * focus, the dialog's focus trap would take focus back to the dialog box.
 *
 * The tooltip is portalled into the dialog or landmark around its control, found when it opens, so it
 * is part of that dialog for assistive technology and axe's `region` rule; only a control outside every
 * landmark falls back to `container` (else <body>). Its late removal above is what lets it live inside
 * the dialog's focus trap without pulling focus.
 */
export function Tooltip({ content, children, open, onOpenChange, side = 'top', container, onHoverChange, openOnPress = false }: TooltipProps) {
  const { motion } = useTheme();
  // Left open when a kept dialog closed, it does not come back with the next opening.
  const [shown, setShown] = useOpeningState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focusLeft = useRef(false);
  const controlled = open !== undefined;
  const isOpen = controlled ? open : shown;
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const [enclosing, setEnclosing] = useState<HTMLElement | null>(null);
  // Before paint, so an open tooltip is never seen (or read) outside its dialog.
  useLayoutEffect(() => {
    if (isOpen) setEnclosing(triggerRef.current?.closest<HTMLElement>(ENCLOSING) ?? null);
  }, [isOpen]);

  const cancelClose = useCallback(() => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);
  useEffect(() => cancelClose, [cancelClose]);

  const change = useCallback(
    (next: boolean) => {
      if (!controlled) setShown(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange, setShown],
  );

  const onRadixOpenChange = useCallback(
    (next: boolean) => {
      cancelClose();
      if (next) change(true);
      // Radix asks again when the next control's tooltip opens: focus has still left, no delay then either.
      else closeTimer.current = setTimeout(() => change(false), focusLeft.current ? 0 : motion.tooltipCloseMs);
    },
    [cancelClose, change, motion.tooltipCloseMs],
  );

  const closeNow = useCallback(() => {
    cancelClose();
    change(false);
  }, [cancelClose, change]);

  return (
    <RadixTooltip.Provider delayDuration={motion.tooltipOpenMs} skipDelayDuration={motion.tooltipCloseMs}>
      <RadixTooltip.Root open={isOpen} onOpenChange={onRadixOpenChange}>
        {/* Coming back before the close fires keeps it open: Radix, still shown open, asks nothing then. */}
        <RadixTooltip.Trigger
          asChild
          ref={triggerRef}
          onPointerEnter={() => {
            focusLeft.current = false;
            cancelClose();
            onHoverChange?.(true);
          }}
          onPointerLeave={() => onHoverChange?.(false)}
          onFocus={() => {
            focusLeft.current = false;
            cancelClose();
          }}
          onBlur={() => {
            focusLeft.current = true;
            // Closed here, not only when Radix asks: focus that leaves before the opening was rendered finds
            // Radix still shown closed, and it would ask nothing, leaving this tooltip open behind the focus.
            // After the focus has moved (a task later, as Radix's own close): removing the tooltip during the
            // blur would pull focus back into the dialog.
            cancelClose();
            closeTimer.current = setTimeout(() => change(false), 0);
          }}
          // Prevented, Radix's own close on click is skipped, and so is the control's action.
          onClick={
            openOnPress
              ? (event) => {
                  event.preventDefault();
                  focusLeft.current = false;
                  cancelClose();
                  change(true);
                }
              : undefined
          }
        >
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal container={enclosing ?? container ?? undefined}>
          <Content
            side={side}
            sideOffset={6}
            collisionPadding={COLLISION_PADDING}
            onEscapeKeyDown={closeNow}
            onPointerEnter={() => {
              cancelClose();
              onHoverChange?.(true);
            }}
            onPointerLeave={() => onHoverChange?.(false)}
          >
            {content}
            <Arrow />
          </Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
