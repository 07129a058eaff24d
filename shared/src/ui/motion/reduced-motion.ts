import { css } from 'styled-components';

/**
 * Stops a component's animation and transitions for users who ask their system for less motion
 * (WCAG 2.3.3). The state still changes, only at once.
 */
export const respectReducedMotion = css`
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;
