import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body, Heading } from '@deck/shared/ui/text/text';
import { useGetDemoListingQuery } from '../../../api/shell-api';
import { signInUrl } from '../../../routing/routes';
import { analyticsMessages as m } from '../messages';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
`;

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Signed out on an analytics page: who may see it, and the demo's sign-in that comes back here. */
export function AnalyticsSignIn({ returnTo }: { returnTo: string }) {
  const intl = useIntl();
  const { data: listing } = useGetDemoListingQuery();
  return (
    <Panel aria-label={intl.formatMessage(m.signInTitle)}>
      <Heading>{intl.formatMessage(m.signInTitle)}</Heading>
      <Body>{intl.formatMessage(m.whoMaySee)}</Body>
      {listing ? (
        <People>
          {listing.users.map((user) => (
            <li key={user.username}>
              <Button as="a" $variant="secondary" href={signInUrl(user.username, returnTo)}>
                {intl.formatMessage(m.signInAs, { name: `${user.firstName} ${user.lastName}` })}
              </Button>
            </li>
          ))}
        </People>
      ) : null}
    </Panel>
  );
}
