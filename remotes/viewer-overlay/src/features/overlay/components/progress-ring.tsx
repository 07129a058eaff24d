import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { clampProgress } from '@deck/shared/domains/viewer/progress';

const Figure = styled.div<{ $size: number }>`
  position: relative;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  flex: none;
  border-radius: 50%;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.overlayText};
    outline-offset: 4px;
  }
`;

const Ring = styled.svg`
  display: block;
  transform: rotate(-90deg);
`;

const Value = styled.span<{ $small: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.overlayText};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme, $small }) => ($small ? theme.font.sizes.sm : theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  font-variant-numeric: tabular-nums;
`;

const Arc = styled.circle`
  transition: stroke-dashoffset ${({ theme }) => theme.transition} linear;
`;

/**
 * Spec §2: a ring of 168 px (80 px on small layouts) filling with the clamped progress. It can hold the focus
 * (tabIndex -1, out of the Tab order): the overlay hands it the focus of the Present button it replaces.
 */
export function ProgressRing({ progress, small, label, ref }: { progress: number; small: boolean; label: string; ref?: Ref<HTMLDivElement> }) {
  const theme = useTheme();
  const intl = useIntl();
  const value = clampProgress(progress);
  const size = small ? theme.sizes.progressRingSmall : theme.sizes.progressRing;
  const stroke = small ? theme.sizes.progressRingStroke / 2 : theme.sizes.progressRingStroke;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;

  return (
    <Figure
      ref={ref}
      tabIndex={-1}
      $size={size}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-size={size}
    >
      <Ring width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke={theme.colors.progressTrack} strokeWidth={stroke} />
        <Arc
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={theme.colors.overlayText}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
        />
      </Ring>
      <Value $small={small} aria-hidden="true">
        {intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 })}
      </Value>
    </Figure>
  );
}
