import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Body } from '@deck/shared/ui/text/text';
import { SignInChoices } from '../../../layout/sign-in-choices';
import { analyticsMessages as m } from '../messages';
import { PageHeading } from '../../../layout/page-heading';

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
      <PageHeading>{intl.formatMessage(m.signInTitle)}</PageHeading>
      <Body>{intl.formatMessage(m.whoMaySee)}</Body>
      <SignInChoices returnTo={returnTo} />
    </Panel>
  );
}
