import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { useDemoListing } from '../api/demo-listing';
import { signInUrl } from '../routing/routes';

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  a {
    text-decoration: none;
  }
`;

/** One button per demo user; signing in (development sign-in) comes back to `returnTo`. */
export function DemoSignInChoices({ returnTo }: { returnTo: string }) {
  const { data: listing } = useDemoListing();
  if (!listing) return null;
  return (
    <People>
      {listing.users.map((user) => (
        <li key={user.username}>
          <Button as="a" $variant="secondary" href={signInUrl(user.username, returnTo)}>
            <FormattedMessage
              id="shell.view.signInAs"
              defaultMessage="Sign in as {name}"
              values={{ name: `${user.firstName} ${user.lastName}` }}
            />
          </Button>
        </li>
      ))}
    </People>
  );
}
