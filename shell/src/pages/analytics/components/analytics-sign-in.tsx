import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Body, Heading } from '@deck/shared/ui/text/text';
import { DemoSignInChoices } from '../../../layout/demo-sign-in-choices';
import { analyticsMessages as m } from '../messages';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
`;

/** Signed out on an analytics page: who may see it, and the demo's sign-in that comes back here. */
export function AnalyticsSignIn({ returnTo }: { returnTo: string }) {
  const intl = useIntl();
  return (
    <Panel aria-label={intl.formatMessage(m.signInTitle)}>
      <Heading>{intl.formatMessage(m.signInTitle)}</Heading>
      <Body>{intl.formatMessage(m.whoMaySee)}</Body>
      <DemoSignInChoices returnTo={returnTo} />
    </Panel>
  );
}
