import styled, { css } from 'styled-components';
import { respectReducedMotion } from '@deck/shared/ui/motion/reduced-motion';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export const Button = styled.button.attrs(({ type }) => ({ type: type ?? 'button' }))<{ $variant?: ButtonVariant }>`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid transparent;
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition}, border-color ${({ theme }) => theme.transition};
  ${respectReducedMotion}
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  /* A label is one phrase: in Japanese (no spaces) the browser would break it between any two characters
     when a row squeezes the button ("Manage links" at 320 px); it breaks only if it cannot fit. */
  &:lang(ja) {
    word-break: keep-all;
    overflow-wrap: break-word;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            background: ${theme.colors.primaryHover};
          }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onPrimary};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            background: ${theme.colors.primarySoft};
            color: ${theme.colors.onPrimarySoft};
          }
        `;
      default:
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled):not([aria-disabled='true']) {
            border-color: ${theme.colors.borderStrong};
          }
        `;
    }
  }}
`;
