import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { NoticeBox, NoticeText } from '../notice-box';
import { useFocusHandOffOnUnmount } from './focus-after-undo';
import { undoMessages as m } from './messages';

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
    <NoticeBox
      $tone="neutral"
      ref={box}
      onPointerEnter={() => onHold('hover', true)}
      onPointerLeave={() => onHold('hover', false)}
      onFocus={() => onHold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHold('focus', false);
      }}
    >
      <NoticeText>{intl.formatMessage(m.removed, { name })}</NoticeText>
      <Button $variant="secondary" aria-disabled={busy || undefined} aria-label={intl.formatMessage(m.undoLabel, { name })} onClick={busy ? undefined : onUndo}>
        {intl.formatMessage(m.undo)}
      </Button>
    </NoticeBox>
  );
}
