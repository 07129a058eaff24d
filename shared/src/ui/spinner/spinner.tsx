import styled, { keyframes } from 'styled-components';
import { useIntl } from 'react-intl';
import { respectReducedMotion } from '@deck/shared/ui/motion/reduced-motion';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span`
  display: inline-block;
  width: ${({ theme }) => theme.font.sizes.lg};
  height: ${({ theme }) => theme.font.sizes.lg};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radiusRound};
  animation: ${spin} 0.8s linear infinite;
  ${respectReducedMotion}
`;

export function Spinner({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <Ring role="status" aria-label={label ?? intl.formatMessage({ id: 'shared.loading', defaultMessage: 'Loading' })} />
  );
}
