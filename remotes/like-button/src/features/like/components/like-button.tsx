import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useIntl } from 'react-intl';
import styled, { css, keyframes } from 'styled-components';
import { HeartIcon } from './heart-icon';
import { useLikeButton, type LikeAnimation } from '../hooks/use-like-button';
import { useRenderedOnServer } from '../hooks/use-rendered-on-server';
import { failureReason, isMissingCsrf, missingCsrfText } from '@deck/shared/api/server-messages';

import type { LikeButtonProps } from '../../../public-types';

export type { LikeButtonProps };

const pop = keyframes`
  0% { transform: scale(1); }
  45% { transform: scale(1.35); }
  100% { transform: scale(1); }
`;

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20% { transform: translateX(-4px); }
  40% { transform: translateX(4px); }
  60% { transform: translateX(-3px); }
  80% { transform: translateX(3px); }
`;

const drift = keyframes`
  0% { opacity: 0.9; transform: translateY(0) scale(1); }
  100% { opacity: 0; transform: translateY(-18px) scale(0.6); }
`;

const Wrapper = styled.div`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.font.family};
`;

const Pill = styled.button<{ $liked: boolean; $animation: LikeAnimation | null }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radiusRound};
  border: 1px solid ${({ theme, $liked }) => ($liked ? theme.colors.like : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: inherit;
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  transition: border-color ${({ theme }) => theme.transition};
  &:hover {
    border-color: ${({ theme }) => theme.colors.like};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[aria-disabled='true'] {
    cursor: progress;
  }
  ${({ theme, $animation }) =>
    $animation === 'error' &&
    css`
      border-color: ${theme.colors.danger};
      animation: ${shake} ${theme.motion.likeErrorMs}ms ease-in-out;
    `}
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Heart = styled(HeartIcon)<{ $animation: LikeAnimation | null }>`
  width: ${({ theme }) => theme.sizes.likeIcon};
  height: ${({ theme }) => theme.sizes.likeIcon};
  color: ${({ theme }) => theme.colors.like};
  ${({ theme, $animation }) =>
    $animation === 'liked' &&
    css`
      animation: ${pop} ${theme.motion.likedMs}ms ease-out;
    `}
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** A filled heart that drifts away after an unlike. */
const FadingHeart = styled(HeartIcon)`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  width: ${({ theme }) => theme.sizes.likeIcon};
  height: ${({ theme }) => theme.sizes.likeIcon};
  color: ${({ theme }) => theme.colors.like};
  pointer-events: none;
  animation: ${drift} ${({ theme }) => theme.motion.unlikedMs}ms ease-out forwards;
  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;


/** The like button of view pages (spec §2, §4). Hidden until the count is known. */
export function LikeButton({ documentOid, viewLinkId, onLoggedOutLike, initialState }: LikeButtonProps) {
  const intl = useIntl();
  const state = useLikeButton({ oid: documentOid, viewLinkId }, onLoggedOutLike, initialState);
  // Drawn by the server, the button has no handler until the remote takes it over: it says it is not ready, as it stays
  // without JavaScript (with it, the page's entry script holds a press until the remote is here, and says it is ready).
  const onServer = useRenderedOnServer();
  if (state.likesCount === undefined) return null;
  const takesClicks = state.ready && !onServer;

  const kind = state.animation?.kind ?? null;
  return (
    <Wrapper>
      <Pill
        // Named by what it does and the count; its state is aria-pressed alone. The
        // spec's wording stays as the visible hint on hover.
        aria-label={intl.formatMessage(
          { id: 'likeButton.name', defaultMessage: '{count, plural, one {Like, # like} other {Like, # likes}}' },
          { count: state.likesCount },
        )}
        title={
          state.hasLiked
            ? intl.formatMessage({ id: 'likeButton.unlike', defaultMessage: 'Button to unlike this content' })
            : intl.formatMessage({ id: 'likeButton.like', defaultMessage: 'Button to like this content' })
        }
        aria-pressed={state.hasLiked}
        aria-disabled={!takesClicks}
        data-animation={kind ?? undefined}
        $liked={state.hasLiked}
        $animation={kind}
        onClick={takesClicks ? state.click : undefined}
        // Each kind animates one element (heart pop, drifting heart, or the shake), so its end ends the state.
        onAnimationEnd={state.animationDone}
      >
        <Heart key={state.animation?.id} filled={state.hasLiked} $animation={kind} />
        {kind === 'unliked' ? <FadingHeart key={`fade-${state.animation?.id}`} filled /> : null}
        <span aria-hidden="true">{intl.formatNumber(state.likesCount)}</span>
      </Pill>
      <ErrorMessage
        message={
          state.failure &&
          // Spec §5: without a CSRF token nothing was sent, and the failure is 'Cannot make request without CSRF token.'
          (isMissingCsrf(state.failure.refusal)
            ? missingCsrfText(intl)
            : state.failure.liked
              ? intl.formatMessage(
                  { id: 'likeButton.failed', defaultMessage: 'Your like could not be saved ({reason}). Please try again.' },
                  { reason: failureReason(intl, state.failure.refusal) },
                )
              : intl.formatMessage(
                  { id: 'likeButton.unlikeFailed', defaultMessage: 'Your like could not be removed ({reason}). Please try again.' },
                  { reason: failureReason(intl, state.failure.refusal) },
                ))
        }
      />
    </Wrapper>
  );
}
