import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { useDialogContext } from '../../common/dialog-context';
import { ReasonContent } from '../../common/reason-tooltip';
import { VisuallyHidden } from '../../common/visually-hidden';
import { dialogMessages as m } from '../messages';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

/**
 * Spec §9: the error icon's tooltip closes by itself after 3 s, but not while it is hovered or focused
 * (WCAG 1.4.13 wins over the spec; docs/decisions.md).
 */
export const ERROR_TOOLTIP_AUTO_CLOSE_MS = 3000;

const Icon = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.minTarget};
  height: ${({ theme }) => theme.sizes.minTarget};
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radiusRound};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Shown when a load failed; hovering tells what happened, and that tooltip closes by itself (spec §9) 3 s
 * after it opened, unless the pointer is on the icon or the tooltip or the icon has focus (WCAG 1.4.13):
 * someone still reading it does not see it vanish. Enter or Space opens it again, and the message is the
 * icon's description too, so it is never only in a tooltip.
 */
export function LoadErrorIcon() {
  const intl = useIntl();
  const { container } = useDialogContext();
  const messageId = useId();
  const [open, setOpen] = useOpeningState(false);
  const [focused, setFocused] = useOpeningState(false);
  const [hovered, setHovered] = useOpeningState(false);

  useEffect(() => {
    if (!open || focused || hovered) return undefined;
    const timer = setTimeout(() => setOpen(false), ERROR_TOOLTIP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, focused, hovered, setOpen]);

  return (
    <Tooltip
      open={open}
      onOpenChange={setOpen}
      container={container}
      side="bottom"
      onHoverChange={setHovered}
      // Activating the icon (a click, a tap, Enter or Space) shows the message again.
      openOnPress
      content={<ReasonContent title={intl.formatMessage(m.errorTitle)} reason={intl.formatMessage(m.errorRetryLater)} />}
    >
      <Icon
        type="button"
        aria-label={intl.formatMessage(m.errorTitle)}
        aria-describedby={messageId}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <span aria-hidden="true">!</span>
        <VisuallyHidden id={messageId}>{intl.formatMessage(m.errorRetryLater)}</VisuallyHidden>
      </Icon>
    </Tooltip>
  );
}
