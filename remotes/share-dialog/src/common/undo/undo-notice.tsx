import { useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { useFocusHandOffOnUnmount } from './focus-after-undo';
import { undoMessages as m } from './messages';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Text = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

export interface UndoNoticeProps {
  /** Who was removed, as the list showed them. */
  name: string;
  busy: boolean;
  onUndo: () => void;
  /** Hovering or focusing the notice stops its time (useUndoWindow's hold). */
  onHold: (kind: 'hover' | 'focus', on: boolean) => void;
  /** Where the focus goes if the notice disappears while focused. */
  focusAfter: () => HTMLElement | null | undefined;
}

/**
 * '{name} was removed.' with an Undo button, in the tab order after the list's controls. The announcement
 * goes through the page's live region (the caller's), so this box itself is not a live region.
 */
export function UndoNotice({ name, busy, onUndo, onHold, focusAfter }: UndoNoticeProps) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  useFocusHandOffOnUnmount(box, focusAfter);
  return (
    <Box
      ref={box}
      onPointerEnter={() => onHold('hover', true)}
      onPointerLeave={() => onHold('hover', false)}
      onFocus={() => onHold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHold('focus', false);
      }}
    >
      <Text>{intl.formatMessage(m.removed, { name })}</Text>
      <Button $variant="secondary" aria-disabled={busy || undefined} aria-label={intl.formatMessage(m.undoLabel, { name })} onClick={busy ? undefined : onUndo}>
        {intl.formatMessage(m.undo)}
      </Button>
    </Box>
  );
}
