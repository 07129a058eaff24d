import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { useDialogContext } from '../../common/dialog-context';
import { ReasonContent } from '../../common/reason-tooltip';
import { dialogMessages as m } from '../messages';

/** Spec §9: the error icon's tooltip closes by itself after 3 s. */
export const ERROR_TOOLTIP_AUTO_CLOSE_MS = 3000;

const Icon = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.font.sizes.xl};
  height: ${({ theme }) => theme.font.sizes.xl};
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radiusRound};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  cursor: default;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Shown when a load failed; hovering tells what happened, and the tooltip then closes by itself. */
export function LoadErrorIcon() {
  const intl = useIntl();
  const { container } = useDialogContext();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setOpen(false), ERROR_TOOLTIP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Tooltip
      open={open}
      onOpenChange={setOpen}
      container={container}
      side="bottom"
      content={<ReasonContent title={intl.formatMessage(m.errorTitle)} reason={intl.formatMessage(m.errorRetryLater)} />}
    >
      <Icon type="button" aria-label={intl.formatMessage(m.errorTitle)}>
        !
      </Icon>
    </Tooltip>
  );
}
