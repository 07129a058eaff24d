import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import type { Playback } from './use-playback';

const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Frame = styled.section`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlayBackground};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const SlideImage = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: contain;
  animation: ${appear} ${({ theme }) => theme.transition} ease;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Controls = styled.div`
  position: absolute;
  left: 50%;
  bottom: ${({ theme }) => theme.space.md};
  transform: translateX(-50%);
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radiusRound};
  background: ${({ theme }) => theme.colors.backdrop};
  color: ${({ theme }) => theme.colors.overlayText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-variant-numeric: tabular-nums;
`;

const ControlButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  color: ${({ theme }) => theme.colors.overlayText};
  font-size: ${({ theme }) => theme.font.sizes.lg};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.progressTrack};
  }
`;

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Plays the loaded pages inside the stage. Next and Previous buttons, and the keyboard:
 * → ↓ PageDown Space for the next page, ← ↑ PageUp for the previous one, Home and End,
 * Escape to leave. Past the last page the playback ends.
 */
export function SlideShow({ playback, title }: { playback: Playback; title: string }) {
  const intl = useIntl();
  const frame = useRef<HTMLElement>(null);
  const { slides, page, next, previous, first, last, exit } = playback;

  // Move focus into the player so screen readers announce it and the keys act on it at once.
  useEffect(() => frame.current?.focus(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // A focused button handles Space and Enter itself.
      if ((event.key === ' ' || event.key === 'Enter') && event.target instanceof HTMLButtonElement) return;
      const actions: Record<string, () => void> = {
        ArrowRight: next,
        ArrowDown: next,
        PageDown: next,
        ' ': next,
        ArrowLeft: previous,
        ArrowUp: previous,
        PageUp: previous,
        Home: first,
        End: last,
        Escape: exit,
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, first, last, exit]);

  const pageLabel = intl.formatMessage(
    { id: 'shell.view.pageOf', defaultMessage: 'Page {page, number} of {count, number}' },
    { page: page + 1, count: slides.length },
  );
  const onLastPage = page + 1 >= slides.length;

  return (
    <Frame
      ref={frame}
      tabIndex={-1}
      aria-roledescription={intl.formatMessage({ id: 'shell.view.player', defaultMessage: 'presentation' })}
      aria-label={title}
    >
      <SlideImage key={page} src={slides[page]} alt={`${title}, ${pageLabel}`} />
      <Controls>
        {/* Unavailable on the first page but focusable: a disabled button would drop the focus to the page. */}
        <ControlButton
          onClick={previous}
          aria-disabled={page === 0 || undefined}
          aria-label={intl.formatMessage({ id: 'shell.view.previousPage', defaultMessage: 'Previous page' })}
        >
          ‹
        </ControlButton>
        <span aria-live="polite">{pageLabel}</span>
        <ControlButton
          onClick={next}
          aria-label={
            onLastPage
              ? intl.formatMessage({ id: 'shell.view.endPresentation', defaultMessage: 'End presentation' })
              : intl.formatMessage({ id: 'shell.view.nextPage', defaultMessage: 'Next page' })
          }
        >
          ›
        </ControlButton>
        <ControlButton onClick={exit} aria-label={intl.formatMessage({ id: 'shell.view.exit', defaultMessage: 'Leave presentation' })}>
          ✕
        </ControlButton>
      </Controls>
    </Frame>
  );
}
