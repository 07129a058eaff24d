import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Body, Heading } from '@deck/shared/ui/text/text';
import { linkMessages as m } from '../messages';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 560px;
  margin: ${({ theme }) => `${theme.space.xxl} auto`};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

export type UnavailableReason = 'revoked' | 'missing';

/** A link that shows nothing of any document: deactivated, or never made. */
export function LinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const intl = useIntl();
  return (
    <Panel role="alert">
      <Heading as="h1">{intl.formatMessage(reason === 'revoked' ? m.revokedTitle : m.missingTitle)}</Heading>
      <Body>{intl.formatMessage(reason === 'revoked' ? m.revokedBody : m.missingBody)}</Body>
    </Panel>
  );
}
