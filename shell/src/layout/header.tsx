import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { CurrentUser } from '@deck/shared/api/contract';
import { fetchJson } from '@deck/shared/api/fetch-json';
import { useSession } from '@deck/shared/api/session-resource';
import { useDemoListing } from '../api/demo-listing';
import { signInUrl, signOutUrl } from '../routing/routes';
import { HeaderSelect, ThemeSwitch } from '../theme/theme-switch';
import { hostSignInLink, isDemo } from './site-mode';
import { usePageLocation } from './page-location';

// Wraps instead of overflowing: at 320 px (WCAG 1.4.10 reflow) the parts stack.
const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}px) {
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Brand = styled.a`
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-size: ${({ theme }) => theme.font.sizes.lg};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;
  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Who = styled.div`
  display: flex;
  flex-wrap: wrap;
  min-width: 0;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SwitchUser = HeaderSelect;

/** The demo's user switch: sign in as any demo user (development sign-in), or sign out. */
function DemoUserSwitch({ user, here }: { user: CurrentUser | null; here: string }) {
  const intl = useIntl();
  const { data: listing } = useDemoListing();
  return (
    <SwitchUser
      aria-label={intl.formatMessage({ id: 'shell.header.switchUser', defaultMessage: 'Switch user' })}
      value=""
      onChange={(event) => {
        const choice = event.target.value;
        if (choice === '__sign_out__') window.location.assign(signOutUrl(here));
        else if (choice) window.location.assign(signInUrl(choice, here));
      }}
    >
      <option value="">{intl.formatMessage({ id: 'shell.header.switchUser', defaultMessage: 'Switch user' })}</option>
      {listing?.users.map((demoUser) => (
        <option key={demoUser.username} value={demoUser.username}>
          {demoUser.firstName} {demoUser.lastName} ({demoUser.username})
        </option>
      ))}
      {user ? <option value="__sign_out__">{intl.formatMessage({ id: 'shell.header.signOut', defaultMessage: 'Sign out' })}</option> : null}
    </SwitchUser>
  );
}

const SignOut = styled.button`
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  background: none;
  border: none;
  padding: 0;
  cursor: pointer;
  text-decoration: underline;
`;

/** Production: sign in with the host product (coming back to this page), or sign out of this product's session. */
function SessionControl({ user, here }: { user: CurrentUser | null; here: string }) {
  if (user) {
    return (
      <SignOut
        type="button"
        onClick={() => {
          void fetchJson({ url: '/api/v1/session/sign-out/', method: 'POST' }).then(() => window.location.assign('/'));
        }}
      >
        <FormattedMessage id="shell.header.signOut" defaultMessage="Sign out" />
      </SignOut>
    );
  }
  const href = hostSignInLink(here);
  return href ? (
    <a href={href}>
      <FormattedMessage id="shell.signIn.host" defaultMessage="Sign in" />
    </a>
  ) : null;
}

/** Who is signed in; in the demo a way to switch to any demo user, in production the host's sign-in and a sign-out. */
export function Header() {
  const intl = useIntl();
  const { data: session } = useSession();
  const demo = isDemo();
  // From the App's location, not window: the server renders this header into a page's first view too.
  const here = usePageLocation();
  const user = session?.user ?? null;

  return (
    <Bar>
      <Brand href="/">Deck</Brand>
      {demo || user ? (
        <Nav aria-label={intl.formatMessage({ id: 'shell.nav.label', defaultMessage: 'Main' })}>
          {demo ? (
            <a href="/">
              <FormattedMessage id="shell.nav.demo" defaultMessage="Demo index" />
            </a>
          ) : null}
          {user ? (
            <a href="/dashboard">
              <FormattedMessage id="shell.nav.dashboard" defaultMessage="Dashboard" />
            </a>
          ) : null}
        </Nav>
      ) : null}
      <Who>
        <span data-testid="signed-in-as">
          {user ? (
            <FormattedMessage
              id="shell.header.signedInAs"
              defaultMessage="Signed in as {name}"
              values={{ name: `${user.firstName} ${user.lastName}` }}
            />
          ) : (
            <FormattedMessage id="shell.header.signedOut" defaultMessage="Not signed in" />
          )}
        </span>
        {demo ? <DemoUserSwitch user={user} here={here} /> : <SessionControl user={user} here={here} />}
        <ThemeSwitch />
      </Who>
    </Bar>
  );
}
